import {
  atBothWidths,
  browserOfFile,
  DESKTOP,
  expectInView,
  ok,
  openAdminArea,
  type Page,
  signInWithDevForm,
  toastSays,
} from '@app/testkit/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E } from '../credentials';
import { baseUrl, emailOfRun } from '../support';

const { newPage } = browserOfFile({ viewport: DESKTOP });
/** The demo admin's panel, unlocked once: the unlock is rate limited per admin. */
let admin: Page;
const emailOf = emailOfRun('admin');

async function member(name: string, firstName: string, lastName: string): Promise<Page> {
  const page = await newPage();
  await signInWithDevForm(page, baseUrl, emailOf(name), { firstName, lastName });
  return page;
}

const openTab = (name: string) => openAdminArea(admin, baseUrl, name);

beforeAll(async () => {
  admin = await newPage();
  await signInWithDevForm(admin, baseUrl, E2E.adminEmail);
});

describe('admin panel', () => {
  it('unlocks with the panel password and shows the statistics in the one console, each area once in its navigation', async () => {
    await admin.goto(`${baseUrl}/admin-portal`);
    await admin.getByRole('heading', { level: 1, name: 'Admin Authentication' }).waitFor();
    await atBothWidths(admin, 'gate');

    await admin.getByLabel('Admin Password').fill(E2E.adminPanelPassword);
    await admin.getByRole('button', { name: 'Access Admin Panel' }).click();
    await toastSays(admin, 'Access Granted');
    const areas = admin.getByRole('navigation', { name: 'Admin areas' });
    expect(await areas.getByRole('link').count()).toBe(16);
    expect(await admin.getByRole('tablist').count()).toBe(0);
    await admin.getByRole('group', { name: 'Total Users' }).getByText(/^\d+$/).waitFor();
    await atBothWidths(admin, 'panel-dashboard');
  });

  it("approves a member's VIP request", async () => {
    // Plans are bought by G-CASH only once the site has a payee (the System tab's settings).
    await ok(
      admin.request.put(`${baseUrl}/api/admin/system-settings`, { data: { gcashNumber: '0917 123 4567', gcashName: 'PesoTasks Inc.' } }),
    );
    const page = await member('vip', 'Vicente', 'Ramos');
    const reference = String(Date.now()).padStart(13, '3').slice(-13);
    await ok(
      page.request.post(`${baseUrl}/api/vip/upgrade`, { data: { vipTier: 'VIP300', paymentInfo: { transactionProof: reference } } }),
    );

    await openTab('VIP approvals');
    const row = admin.getByRole('row', { name: new RegExp(emailOf('vip')) });
    await row.getByText(reference).waitFor();
    await atBothWidths(admin, 'vip-approvals');
    await row.getByRole('button', { name: 'Approve VIP' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve VIP request?' });
    await confirm.getByText(`paid with G-CASH reference ${reference}`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Start VIP 300' }).click();
    await toastSays(admin, 'VIP upgrade approved successfully');
    await row.waitFor({ state: 'detached' });

    const status = await ok<{ vipTier: string }>(page.request.get(`${baseUrl}/api/vip/status`));
    expect(status.vipTier).toBe('VIP300');
  });

  it('gives a member balance, then approves one payout and declines another', async () => {
    const page = await member('payouts', 'Paz', 'Villanueva');

    await admin.goto(`${baseUrl}/admin/users`);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(emailOf('payouts'));
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    const userRow = admin.getByRole('row', { name: new RegExp(emailOf('payouts')) });
    await userRow.getByRole('button', { name: `Edit Balance of ${emailOf('payouts')}` }).click();
    await userRow.getByLabel(`New balance for ${emailOf('payouts')}`).fill('600');
    await atBothWidths(admin, 'users-balance-edit');
    await userRow.getByRole('button', { name: 'Save balance' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Change balance' });
    await confirm.getByText('from ₱0.00 to ₱600.00 (+₱600.00)', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Change balance' }).click();
    await confirm.getByText('Please give a reason for the balance change').waitFor();
    await confirm.getByLabel('Reason').fill('Prize for the November contest');
    await confirm.getByRole('button', { name: 'Change balance' }).click();
    await toastSays(admin, 'User balance updated');
    await userRow.getByText('₱600.00').waitFor();

    for (const amount of ['200', '250']) {
      await ok(
        page.request.post(`${baseUrl}/api/payouts`, {
          data: { paymentMethod: 'G-CASH', amount, paymentDetails: `0917 555 0${amount} Paz Reyes` },
        }),
      );
    }

    await openTab('Payouts');
    const first = admin.getByRole('row', { name: /Paz Villanueva/ }).filter({ hasText: '₱200.00' });
    const second = admin.getByRole('row', { name: /Paz Villanueva/ }).filter({ hasText: '₱250.00' });
    await first.getByText('Regular Account').waitFor();
    // The method by its brand's name; the member sent the API value G-CASH.
    expect(await first.textContent()).toContain('GCash');
    await atBothWidths(admin, 'payouts', async () => {
      // The row's actions stay within reach however narrow the screen: the table scrolls, its Actions column stays.
      await expectInView(first.getByRole('button', { name: 'Approve Payout of Paz Villanueva' }));
      await expectInView(first.getByText(emailOf('payouts')));
    });
    await first.getByRole('button', { name: 'Approve Payout of Paz Villanueva' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve payout?' });
    await atBothWidths(admin, 'payout-confirmation', async () => {
      await expectInView(approve.getByText(`Pay ₱200.00 to ${emailOf('payouts')} by GCash 0917•••0200?`, { exact: false }));
      await expectInView(approve.getByRole('button', { name: 'Pay ₱200.00' }));
    });
    await approve.getByRole('button', { name: 'Pay ₱200.00' }).click();
    await toastSays(admin, 'Payout approved successfully');
    await first.waitFor({ state: 'detached' });
    await second.getByRole('button', { name: 'Decline payout of Paz Villanueva' }).click();
    const decline = admin.getByRole('dialog', { name: 'Decline payout?' });
    await decline.getByLabel('Reason').fill('The G-CASH name does not match the account');
    await decline.getByRole('button', { name: 'Decline payout' }).click();
    await toastSays(admin, 'Payout status updated successfully');
    await second.waitFor({ state: 'detached' });

    const payouts = await ok<{ amount: string; status: string }[]>(page.request.get(`${baseUrl}/api/payouts`));
    expect(payouts.map(({ amount, status }) => `${amount} ${status}`).sort()).toEqual(['200.00 approved', '250.00 declined']);
    // The member reads the reason on the payout and in the bell.
    await page.goto(`${baseUrl}/payouts`);
    const declined = page.getByRole('table', { name: 'Payout History' }).getByRole('row', { name: /₱250\.00/ });
    await atBothWidths(page, 'member-payout-declined', () =>
      expectInView(declined.getByText('The G-CASH name does not match the account')),
    );
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page
      .getByRole('menuitem', { name: /Payout declined/ })
      .getByText('The G-CASH name does not match the account', { exact: false })
      .waitFor();
    const user = await ok<{ availableBalance: string; totalPaidOut: string }>(page.request.get(`${baseUrl}/api/auth/user`));
    expect(user).toMatchObject({ availableBalance: '400.00', totalPaidOut: '200.00' });
  });

  it('switches maintenance on, which members see, and off again', async () => {
    const page = await member('maintenance', 'Marta', 'Lopez');

    await openTab('Overview');
    try {
      await admin.getByRole('switch', { name: 'Maintenance Mode', checked: false }).click();
      const turnOn = admin.getByRole('dialog', { name: 'Turn maintenance mode on?' });
      await turnOn.getByLabel('Message members see').fill('Back at 6 PM after a database upgrade.');
      await atBothWidths(admin, 'maintenance-confirm', () => expectInView(turnOn.getByRole('button', { name: 'Confirm' })));
      await turnOn.getByRole('button', { name: 'Confirm' }).click();
      await toastSays(admin, 'Maintenance mode updated');
      await admin.getByRole('switch', { name: 'Maintenance Mode', checked: true }).waitFor();
      // The panel says what members see now, beside the switch.
      await atBothWidths(admin, 'maintenance-on', () => expectInView(admin.getByText('Closed: maintenance').first()));

      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: 'Under Maintenance' }).waitFor();
      await atBothWidths(page, 'member-maintenance', () => expectInView(page.getByText('Back at 6 PM after a database upgrade.')));

      await admin.getByRole('switch', { name: 'Maintenance Mode', checked: true }).click();
      await admin.getByRole('dialog', { name: 'Turn maintenance mode off?' }).getByRole('button', { name: 'Confirm' }).click();
      await admin.getByRole('switch', { name: 'Maintenance Mode', checked: false }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Marta' }).waitFor();
    } finally {
      // The other test files share this server: never leave it closed to members.
      await ok(admin.request.post(`${baseUrl}/api/admin/maintenance`, { data: { maintenance: false } }));
    }
  });

  it('finds five accounts on one device in the Risk tab, and holds their payouts with a reason the member reads', async () => {
    // One person, one browser (so one device cookie), five accounts.
    const device = await newPage();
    for (const n of [1, 2, 3, 4, 5])
      await signInWithDevForm(device, baseUrl, emailOf(`fraud${n}`), { firstName: 'Farah', lastName: `No${n}` });

    await openTab('Risk');
    const queue = admin.getByRole('table', { name: 'Members at risk' });
    const first = queue.getByRole('row', { name: new RegExp(emailOf('fraud1')) });
    await first.getByText('Shares a device with 4 accounts').waitFor();
    await atBothWidths(admin, 'risk-queue', () => expectInView(first.getByRole('button', { name: `Review ${emailOf('fraud1')}` })));

    const last = queue.getByRole('row', { name: new RegExp(emailOf('fraud5')) });
    await last.getByRole('button', { name: `Review ${emailOf('fraud5')}` }).click();
    const review = admin.getByRole('dialog', { name: emailOf('fraud5') });
    // The device ties the five; every account of this run also shares the test machine's address.
    const linked = review
      .getByRole('list', { name: /^Linked accounts/ })
      .getByRole('listitem')
      .filter({ hasText: emailOf('fraud1') });
    await linked.getByText(/^Same device · Same sign-in address/).waitFor();
    // The five are in one cluster, each member with what ties it to the others. Every member of this run
    // signs in from the same Chromium, whose browser traits may tie more of them in while few hold them.
    const cluster = review.getByRole('list', { name: /^Cluster of \d+ accounts$/ });
    await atBothWidths(admin, 'risk-review', () =>
      expectInView(
        cluster
          .getByRole('listitem')
          .filter({ hasText: emailOf('fraud1') })
          .getByText(/^Same device/),
      ),
    );
    await review.getByRole('button', { name: 'Hold payouts' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Hold payouts?' });
    await confirm.getByLabel('Reason').fill('Five accounts on one device');
    await confirm.getByRole('button', { name: 'Hold payouts' }).click();
    await review.getByText(/On hold since .*: Five accounts on one device/).waitFor();
    await review.getByRole('button', { name: 'Release payouts' }).waitFor();

    // The fifth account is the one signed in on that device now.
    await device.goto(`${baseUrl}/`);
    await device.getByText('Your payouts are on hold').waitFor();
    await atBothWidths(device, 'payout-hold-dashboard', () => expectInView(device.getByText('Five accounts on one device')));
    const refused = await device.request.post(`${baseUrl}/api/payouts`, {
      data: { paymentMethod: 'G-CASH', amount: '150', paymentDetails: '09171234567 Juan Dela Cruz' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toContain('Five accounts on one device');
  });

  it("answers a member's support message from the inbox", async () => {
    const page = await member('support', 'Sara', 'Gomez');
    await ok(page.request.post(`${baseUrl}/api/support/messages`, { data: { message: 'When is my payout sent?' } }));

    await admin.goto(`${baseUrl}/admin/support`);
    await admin.getByRole('button', { name: new RegExp(emailOf('support')) }).click();
    await admin.getByText('When is my payout sent?', { exact: true }).last().waitFor();
    await admin.getByLabel(`Reply to ${emailOf('support')}`).fill('Within 3-7 business days.');
    await admin.getByRole('button', { name: 'Send Reply' }).click();
    await toastSays(admin, 'Reply sent');
    await admin
      .getByRole('list', { name: `Messages with ${emailOf('support')}` })
      .getByText('Within 3-7 business days.')
      .waitFor();
    await atBothWidths(admin, 'support-inbox');

    const messages = await ok<{ message: string; isUserMessage: boolean }[]>(page.request.get(`${baseUrl}/api/support/messages`));
    expect(messages.map(({ message, isUserMessage }) => ({ message, isUserMessage }))).toEqual([
      { message: 'When is my payout sent?', isUserMessage: true },
      { message: 'Within 3-7 business days.', isUserMessage: false },
    ]);

    // And the member reads it in the chat widget.
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Open support chat' }).click();
    await page.getByRole('region', { name: 'Live Support' }).getByText('Within 3-7 business days.').waitFor();
    await atBothWidths(page, 'support-reply-in-chat');
  });
});
