import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  atBothWidths,
  browserOfFile,
  DESKTOP,
  expectInView,
  ok,
  type Page,
  signInWithDevForm,
} from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { baseUrl, run, unlockedAdminOn } from '../support';

const { newContext, newPage } = browserOfFile({ viewport: DESKTOP });
/** The name leads the e-mail: the invite shows the sponsor's masked (s***@example.com). */
const emailOf = (name: string) => `${name}-${run}@example.com`;

async function signedInPage(name: string, firstName: string, lastName: string): Promise<Page> {
  const page = await newPage();
  await signInWithDevForm(page, baseUrl, emailOf(name), { firstName, lastName });
  await page.getByRole('heading', { name: `Welcome, ${firstName}` }).waitFor();
  return page;
}

/**
 * The demo admin with the panel unlocked (the password the global setup starts the server with): the
 * only way to give a new member money without days of tasks.
 */
let adminSession: Promise<APIRequestContext> | undefined;
function unlockedAdmin(): Promise<APIRequestContext> {
  // Unlocked once for the whole file: the panel unlock is rate limited per admin.
  adminSession ??= newContext({ baseURL: baseUrl }).then(unlockedAdminOn);
  return adminSession;
}

/** Sets a signed-in member's available balance through the admin's balance editor. */
async function giveBalance(page: Page, newBalance: string) {
  const { id, availableBalance } = await ok<{ id: string; availableBalance: string }>(page.request.get(`${baseUrl}/api/auth/user`));
  await ok(
    (await unlockedAdmin()).put(`/api/admin/users/${id}/balance`, {
      data: { newBalance, expectedBalance: availableBalance, reason: 'Test funds' },
    }),
  );
}

const figure = (page: Page, label: string) => page.getByRole('group', { name: label });

async function goTo(page: Page, path: string, heading: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  // The dashboard's heading and figures are painted from the HTML first: what the test reads next is the app's.
  await page.locator('#first-paint').waitFor({ state: 'detached' });
}

describe("members' money and community", () => {
  it('says what is left to go under the minimum, then refuses a payout below it and one above the balance', async () => {
    const page = await signedInPage('payout', 'Paolo', 'Cruz');
    await goTo(page, '/payouts', 'Payouts');
    // A new member has nothing yet: no form to fill in, what is still to go instead.
    const toGo = page.getByRole('region', { name: '₱150.00 more to go before you can cash out' });
    await atBothWidths(page, 'payout-to-go', () => expectInView(toGo.getByRole('link', { name: 'Earn with tasks' })));
    expect(await page.getByRole('button', { name: 'Request Payout' }).count()).toBe(0);

    await giveBalance(page, '200.00');
    await page.reload();
    await page.getByText('Minimum payout ₱150.00, maximum ₱2,000.00 per request.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Payment method' }).textContent()).toBe('GCash');
    const amount = page.getByLabel('Amount (₱)');
    expect(await amount.inputValue()).toBe('');
    await amount.fill('100');
    await page.getByLabel('GCash number').fill('0917 555 0142');
    await page.getByLabel("Account holder's name").fill('Paolo Cruz');
    await page.getByRole('button', { name: 'Request Payout' }).click();
    await atBothWidths(page, 'payout-minimum', () => expectInView(page.getByText('Minimum payout amount is ₱150.00')));

    await amount.fill('150.555');
    await page.getByRole('button', { name: 'Request Payout' }).click();
    await atBothWidths(page, 'payout-three-decimals', () => expectInView(page.getByText('Use at most 2 decimal places')));

    // An amount with a thousands comma is read as the number it is: the server answers about the balance,
    // not about the amount.
    await amount.fill('1,000');
    await page.getByRole('button', { name: 'Request Payout' }).click();
    await page.getByRole('dialog', { name: 'Request ₱1,000.00 by GCash?' }).getByRole('button', { name: 'Request ₱1,000.00' }).click();
    await page.getByText('Insufficient Balance', { exact: true }).waitFor();
    // Said in the toast, and kept at the amount once the toast has gone.
    const short = "You don't have enough balance. Your available balance is ₱200.00";
    expect(await page.getByText(short, { exact: true }).count()).toBe(2);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await atBothWidths(page, 'payout-insufficient', () => expectInView(page.locator('form').getByText(short, { exact: true })));
    expect(await page.getByRole('table', { name: 'Payout history' }).textContent()).toContain('No payout requests yet');
  });

  it('requests a payout by GCash and follows it to its approval', async () => {
    const page = await signedInPage('cashout', 'Gina', 'Tan');
    await giveBalance(page, '600.00');
    await goTo(page, '/payouts', 'Payouts');
    await figure(page, 'Available Balance').getByText('₱600.00').waitFor();

    // GCash is the method the form starts with.
    await page.getByLabel('Amount (₱)').fill('200');
    // The number as a member may paste it: with the country code and an invisible space inside.
    await page.getByLabel('GCash number').fill('+63 917 555\u200b0199');
    await page.getByLabel("Account holder's name").fill('Gina Tan');
    await page.getByRole('button', { name: 'Request Payout' }).click();
    // Nothing is sent until the member has read the account back, as it will be stored.
    const confirmation = page.getByRole('dialog', { name: 'Request ₱200.00 by GCash?' });
    await atBothWidths(page, 'payout-confirm', () => expectInView(confirmation.getByText('0917 555 0199 · Gina Tan', { exact: true })));
    await confirmation.getByRole('button', { name: 'Request ₱200.00' }).click();
    await page.getByText('Payout Requested', { exact: true }).waitFor();

    const row = page.getByRole('table', { name: 'Payout History' }).getByRole('row', { name: /GCash/ });
    await row.getByText('Pending', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('₱200.00');
    expect(await row.textContent()).toContain('0917 555 0199 · Gina Tan');
    await figure(page, 'Available Balance').getByText('₱400.00').waitFor();
    await figure(page, 'Pending Payouts').getByText('₱200.00').waitFor();
    await atBothWidths(page, 'payout-requested', async () => {
      await expectInView(figure(page, 'Available Balance').getByText('₱400.00'));
      await expectInView(row.getByText('Pending', { exact: true }));
      // The wallet just used is offered again, one tap away.
      await expectInView(page.getByRole('button', { name: 'Use 0917 555 0199 (GCash)' }));
    });

    const [payout] = await ok<{ id: string }[]>(page.request.get(`${baseUrl}/api/payouts`));
    await ok((await unlockedAdmin()).post(`/api/admin/payout/${payout?.id}/status`, { data: { status: 'approved' } }));
    await page.reload();
    await row.getByText('Approved', { exact: true }).first().waitFor();
    expect(await row.getByRole('list', { name: 'Progress' }).textContent()).toMatch(/^Requested .+Approved .+$/);
    await figure(page, 'Pending Payouts').getByText('₱0.00').waitFor();
    await atBothWidths(page, 'payout-approved');

    // The dashboard's Payout Completed card shows what was paid out, and what still waits under it.
    await goTo(page, '/', 'Welcome, Gina');
    await atBothWidths(page, 'dashboard-payout-completed', async () => {
      await expectInView(figure(page, 'Payout Completed').getByText('₱200.00', { exact: true }));
      await expectInView(figure(page, 'Payout Completed').getByText('Pending: ₱0.00'));
    });

    // The history and the statement sign each line alike: the admin's credit +, the payout −.
    await goTo(page, '/history', 'Transaction History');
    const history = page.getByRole('table', { name: 'Transaction history' });
    await history.getByRole('row', { name: /Payout request/ }).waitFor();
    await atBothWidths(page, 'history-signs', () => expectInView(history.getByRole('row', { name: /Payout request/ })));
    expect(await history.locator('tbody td:nth-child(5)').allTextContents()).toEqual(expect.arrayContaining(['-₱200.00', '+₱600.00']));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);
    const statement = await readFile((await file.path()) ?? '', 'utf8');
    expect(statement).toMatch(/,payout,Payout request via GCash,approved,-200\.00,-200\.00,400\.00,0\.00\r\n/);
    expect(statement).toMatch(/,admin_adjustment,Test funds,completed,\+600\.00,\+600\.00,600\.00,0\.00\r\n/);
  });

  it('buys a VIP plan with earnings after confirming', async () => {
    const page = await signedInPage('earnings-vip', 'Nora', 'Aquino');
    await giveBalance(page, '350.00');
    await goTo(page, '/vip', 'VIP Membership');

    const plan = page.getByRole('row', { name: /^VIP 300 / });
    expect(
      await page
        .getByRole('row', { name: /^VIP 400 / })
        .getByRole('button', { name: 'Use my earnings' })
        .isDisabled(),
    ).toBe(true);
    await plan.getByRole('button', { name: 'Use my earnings' }).click();
    const confirm = page.getByRole('dialog', { name: 'Buy VIP 300 with your earnings?' });
    await atBothWidths(page, 'vip-earnings-confirm');
    await confirm.getByRole('button', { name: 'Pay ₱300.00' }).click();

    await page.getByText('VIP upgrade completed', { exact: true }).waitFor();
    await plan.getByText('Current plan').waitFor();
    expect(await plan.getByRole('button', { name: 'Pay with G-CASH' }).isDisabled()).toBe(true);
    await page.getByText('Your available balance is ₱50.00.', { exact: false }).waitFor();
    await atBothWidths(page, 'vip-earnings-active');
  });

  it('asks for VIP with a G-CASH reference and shows the request as pending', async () => {
    await ok(
      (await unlockedAdmin()).put(`${baseUrl}/api/admin/system-settings`, {
        data: { gcashNumber: '0917 123 4567', gcashName: 'PesoTasks Inc.' },
      }),
    );
    const page = await signedInPage('vip', 'Vilma', 'Santos');
    await goTo(page, '/vip', 'VIP Membership');
    await atBothWidths(page, 'vip-plans');

    const plan = page.getByRole('row', { name: /^VIP 300 / });
    expect(await plan.getByRole('button', { name: 'Use my earnings' }).isDisabled()).toBe(true);
    await plan.getByRole('button', { name: 'Pay with G-CASH' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to VIP 300' });
    await dialog.getByText('₱300.00').first().waitFor();
    const reference = dialog.getByLabel('G-CASH reference number');
    await reference.fill('12345');
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await atBothWidths(page, 'vip-dialog', async () => {
      await expectInView(dialog.getByText('₱300.00').first());
      await expectInView(dialog.getByText('0917 123 4567'));
      await expectInView(dialog.getByText('PesoTasks Inc.'));
      await expectInView(dialog.getByRole('button', { name: /^Copy/ }).first());
      await expectInView(dialog.getByText('Please enter exactly 13 digits for your transaction number'));
    });

    // A reference can be used once ever, so each run uses its own.
    await reference.fill(String(Date.now()).padStart(13, '7').slice(-13));
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByText('VIP request pending admin approval', { exact: true }).waitFor();
    await page.getByText('Your VIP membership upgrade to VIP 300 is pending admin approval. Your payment is being verified.').waitFor();
    // The request is said once, at the top, with its reference; no plan can be bought meanwhile.
    const rows = await page.getByRole('row', { name: /^VIP / }).all();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    await atBothWidths(page, 'vip-pending', async () => {
      await expectInView(page.getByText(/^Reference \d{13}, sent /));
      expect(await page.getByText(/^Reference \d{13}, sent /).count()).toBe(1);
      for (const row of rows) {
        for (const button of await row.getByRole('button').all()) expect(await button.isDisabled()).toBe(true);
      }
    });
  });

  it('lets an invited friend join through the link after signing in, and shows them to the sponsor', async () => {
    const sponsor = await signedInPage('sponsor', 'Sofia', 'Reyes');
    await goTo(sponsor, '/referrals', 'Referrals');
    const link = (await sponsor.getByText(/\/referral\/[A-Z0-9]+$/).textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${baseUrl}/referral/[A-Z0-9]+$`));
    await atBothWidths(sponsor, 'referrals-sponsor-before');

    const friend = await newPage();
    await friend.goto(link);
    await friend.getByRole('heading', { name: 'You have been invited' }).waitFor();
    await friend.getByText('Sofia', { exact: true }).waitFor();
    await friend.getByText(/\(s\*\*\*@example\.com\)/).waitFor();
    await atBothWidths(friend, 'referral-invite');

    await friend.getByRole('link', { name: 'Sign in to join' }).click();
    await friend.getByLabel('Email').fill(emailOf('friend'));
    await friend.getByLabel('First name').fill('Rosa');
    await friend.getByLabel('Last name').fill('Lim');
    await friend.getByRole('button', { name: 'Sign in' }).click();
    await friend.waitForURL(`${baseUrl}/`);
    await friend.getByText('Referral code applied successfully!', { exact: true }).waitFor();

    await sponsor.reload();
    const row = sponsor.getByRole('table', { name: 'Referral History' }).getByRole('row', { name: /Rosa L\./ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Pending');
    expect(await sponsor.getByRole('group', { name: 'Total Referrals' }).textContent()).toContain('1');
    await atBothWidths(sponsor, 'referrals-sponsor-after');
  });

  it('uploads a profile photo that then shows in the header', async () => {
    const page = await signedInPage('photo', 'Pia', 'Garcia');
    await goTo(page, '/profile', 'Profile');
    // A 4x4 orange PNG: the server checks the bytes, not the name.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGN4VqcERwzEcQCGUhhh8SDxsQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Profile photo updated', { exact: true }).waitFor();

    const headerPhoto = page.getByRole('banner').locator('img');
    await headerPhoto.waitFor();
    expect(await headerPhoto.getAttribute('src')).toMatch(/^\/uploads\/photos\/[0-9a-f]{32}-256\.webp$/);
    await atBothWidths(page, 'profile-photo');
  });

  it('sends a message to support from the chat widget', async () => {
    const page = await signedInPage('chat', 'Carlo', 'Dizon');
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const chat = page.getByRole('region', { name: 'Live Support' });
    await chat.getByText('No messages yet. Ask us anything about your account, tasks or payouts.').waitFor();

    await chat.getByLabel('Message to support').fill('Hello, how long does a G-CASH payout take?');
    await chat.getByLabel('Message to support').press('Enter');
    await chat.getByRole('list', { name: 'Messages' }).getByText('Hello, how long does a G-CASH payout take?').waitFor();
    expect(await chat.getByLabel('Message to support').inputValue()).toBe('');
    await atBothWidths(page, 'support-chat');
  });

  it('shows an admin’s notification in the bell and an active popup once, with its sanitized content', async () => {
    const firstTab = await signedInPage('news', 'Lito', 'Bautista');
    const { id: userId } = await ok<{ id: string }>(firstTab.request.get(`${baseUrl}/api/auth/user`));
    const admin = await unlockedAdmin();
    await ok(
      admin.post('/api/admin/notifications', {
        data: { title: 'Payout day', message: 'Approved payouts are sent every Friday.', type: 'success', isGlobal: false, userId },
      }),
    );
    // Popups are for every member: this one is removed at once, so the other browser tests never meet it.
    const popup = await ok<{ id: string }>(
      admin.post('/api/admin/popups', {
        data: {
          title: `Weekend bonus ${run}`,
          content: '<p>Tasks pay <strong>more</strong> this weekend.</p><script>window.popupScriptRan = true</script>',
          url: 'https://example.com/weekend',
          duration: 60,
        },
      }),
    );
    // A popup shows once per tab: the first tab may already have shown it (its queries can still be
    // running, or re-read on a live update), so the member opens the site in a new tab, as after a visit.
    const page = await firstTab.context().newPage();
    await firstTab.close();
    try {
      await page.goto(`${baseUrl}/`);
      const dialog = page.getByRole('dialog', { name: `Weekend bonus ${run}` });
      await dialog.getByText('Closes in', { exact: false }).waitFor();
      expect(await dialog.locator('strong').textContent()).toBe('more');
      expect(await page.evaluate(() => (window as { popupScriptRan?: boolean }).popupScriptRan)).toBeUndefined();
      expect(await dialog.getByRole('link', { name: /Learn more/ }).getAttribute('href')).toBe('https://example.com/weekend');
      await atBothWidths(page, 'popup');
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Lito' }).waitFor();
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      const item = page.getByRole('menuitem', { name: /Payout day/ });
      await item.getByText('Approved payouts are sent every Friday.').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await atBothWidths(page, 'notifications');
      await item.click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    } finally {
      await ok(admin.delete(`/api/admin/popups/${popup.id}`));
    }
  });

  it('shows the help center with a working FAQ search', async () => {
    const page = await newPage();
    await goTo(page, '/help', 'Help Center');
    await page.getByRole('searchbox', { name: 'Search frequently asked questions' }).fill('referral');
    await page.getByText('How do referrals work?').waitFor();
    expect(await page.getByText('How do I earn money?').count()).toBe(0);
    await atBothWidths(page, 'help-center');
  });
});
