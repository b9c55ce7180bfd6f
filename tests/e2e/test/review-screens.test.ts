import {
  type APIRequestContext,
  atBothWidths,
  browserOfFile,
  contextSender,
  DESKTOP,
  dismissPopup,
  expectInView,
  LAPTOP,
  ok,
  openAdminArea,
  PHONE,
  readmeScreenshot,
  screenshot,
  signInThroughDevLogin,
  toastSays,
} from '@app/testkit/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E } from '../credentials';
import { baseUrl, emailOfRun, giveNewMemberBalance, pageInSession, setGcashPayee, signUpMember, unlockedAdminOn } from '../support';

/**
 * The screens issue 16 asks a reviewer to open: a paged queue at 1024 px, the unlock lockout, a member's
 * rejected VIP request; and the README's pictures (docs/screenshots/, refreshed with UPDATE_SCREENSHOTS=1).
 */

const browser = browserOfFile({ baseURL: baseUrl, viewport: DESKTOP, reducedMotion: 'reduce' });
const newContext = (viewport = DESKTOP) => browser.newContext({ viewport });
/** The demo admin's calls, the panel unlocked once for the file. */
let adminApi: APIRequestContext;
const emailOf = emailOfRun('review');

/** packages/contracts: ADMIN_PAGE_SIZE, and RATE_LIMITS.payoutRequest (10 an hour per member). */
const ADMIN_PAGE_SIZE = 50;
const PAYOUTS_PER_MEMBER = 9;

/** The e-mail of a member the README's pictures show: one file signs them up, once per server. */
const personalEmail = (firstName: string, lastName: string) => `${firstName}.${lastName}@example.com`.toLowerCase();

/** A new member signed in (the development sign-in, as its form does) with the balance an admin gave them. */
async function member(email: string, firstName: string, lastName: string, balance?: string, viewport = DESKTOP) {
  const context = await newContext(viewport);
  const id = await signUpMember(context.request, email, { firstName, lastName });
  if (balance) await giveNewMemberBalance(adminApi, id, balance, 'Contest prize');
  return { context, id, page: await context.newPage() };
}

/** An admin's page with the panel unlocked (the session of `adminApi`). */
const adminPage = async (viewport = DESKTOP) => pageInSession(await newContext(viewport), adminApi);

beforeAll(async () => {
  adminApi = await unlockedAdminOn(await newContext());
  await setGcashPayee(adminApi);
});

describe('the screens a reviewer opens', () => {
  it(`pages the pending payouts at 1024 px: more than ${ADMIN_PAGE_SIZE} make 'Page 1 of 2', and Next shows the rest`, async () => {
    // Six members with nine requests each: 54, more than a page, within each member's hourly limit.
    const names = [
      ['Andres', 'Bonifacio'],
      ['Gabriela', 'Silang'],
      ['Jose', 'Rizal'],
      ['Melchora', 'Aquino'],
      ['Apolinario', 'Mabini'],
      ['Teresa', 'Magbanua'],
    ] as const;
    const members = await Promise.all(
      names.map(async ([firstName, lastName], m) => {
        const { context } = await member(personalEmail(firstName, lastName), firstName, lastName, '5000');
        for (let n = 0; n < PAYOUTS_PER_MEMBER; n++) {
          await ok(
            context.request.post('/api/payouts', {
              data: {
                paymentMethod: 'G-CASH',
                amount: String(150 + 25 * n),
                destination: { mobile: `0917 55${m} 01${n}0`, accountName: `${firstName} ${lastName}` },
              },
            }),
          );
        }
        return context;
      }),
    );
    try {
      const admin = await adminPage(LAPTOP);
      await openAdminArea(admin, baseUrl, 'Payouts');
      const table = admin.getByRole('table', { name: 'Pending payout requests' });
      const pages = admin.getByRole('navigation', { name: 'Pages' });
      // The other files leave a pending payout or two: still two pages.
      await pages.getByText('Page 1 of 2').waitFor();
      const bodyRows = table.locator('tbody tr');
      expect(await bodyRows.count()).toBe(ADMIN_PAGE_SIZE);
      await screenshot(admin, 'payouts-queue-1024-page-1');

      await pages.getByRole('button', { name: 'Next' }).click();
      await pages.getByText('Page 2 of 2').waitFor();
      const { total } = await ok<{ total: number }>(adminApi.get('/api/admin/pending-payouts?page=1&pageSize=1'));
      await expect.poll(() => bodyRows.count()).toBe(total - ADMIN_PAGE_SIZE);
      expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      // Oldest first: the last requests of this run are on the second page.
      await table
        .getByRole('row', { name: new RegExp(names.map(([first, last]) => personalEmail(first, last)).join('|')) })
        .first()
        .waitFor();
      await screenshot(admin, 'payouts-queue-1024-page-2');

      // The README's picture: the queue with a payout's confirmation open.
      await pages.getByRole('button', { name: 'Previous' }).click();
      await pages.getByText('Page 1 of 2').waitFor();
      await table
        .getByRole('row', { name: /Andres Bonifacio/ })
        .filter({ hasText: '₱200.00' })
        .getByRole('button', { name: 'Approve Payout of Andres Bonifacio' })
        .click();
      const confirm = admin.getByRole('dialog', { name: 'Approve payout?' });
      await confirm.getByText('Pay ₱200.00 to andres.bonifacio@example.com by GCash', { exact: false }).waitFor();
      // The tabs and the queue's first rows behind it (hidden from the accessibility tree while the dialog is open).
      await admin.evaluate(() => {
        const tabs = document.querySelector('[role=tablist]');
        const header = document.querySelector('header');
        if (tabs) window.scrollBy(0, tabs.getBoundingClientRect().top - (header?.offsetHeight ?? 0) - 8);
      });
      await readmeScreenshot(admin, 'admin-payouts-1024');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
    } finally {
      // The other files share this server: leave its queue as short as it was.
      for (const context of members) {
        for (const { id } of await ok<{ id: string }[]>(context.request.get('/api/payouts'))) {
          await ok(adminApi.post(`/api/admin/payout/${id}/status`, { data: { status: 'declined', reason: 'Test data' } }));
        }
      }
    }
  });

  it("locks the panel after five wrong passwords with 'Too many wrong passwords. Try again in N minutes.', never after right ones", async () => {
    // Another admin than the demo one every file unlocks with: the lockout is per admin.
    const email = E2E.lockoutAdminEmail;
    const api = (await newContext()).request;
    await signInThroughDevLogin(contextSender(api), email);
    const unlock = (password: string) => api.post('/api/admin/unlock', { data: { password } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await unlock(E2E.adminPanelPassword)).status());
    expect(statuses).toEqual(Array(10).fill(200));

    const context = await newContext();
    await signInThroughDevLogin(contextSender(context.request), email);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin-portal`);
    const password = page.getByLabel('Admin Password');
    const tryPassword = async (guess: string) => {
      await password.fill(guess);
      const answered = page.waitForResponse((response) => response.url().includes('admin.unlock'));
      await page.getByRole('button', { name: 'Access Admin Panel' }).click();
      return (await answered).status();
    };
    for (let attempt = 1; attempt < 5; attempt++) {
      expect(await tryPassword(`guess-${attempt}`)).toBe(401);
      await page.getByText('Incorrect password. Please try again.').waitFor();
    }
    expect(await tryPassword('guess-5')).toBe(429);
    const lockedOut = /^Too many wrong passwords\. Try again in \d+ minutes?\.$/;
    await atBothWidths(page, 'unlock-lockout', () => expectInView(page.getByText(lockedOut)));

    // The right password is refused too until the wait is over, on the screen and by the API.
    expect(await tryPassword(E2E.adminPanelPassword)).toBe(429);
    await page.getByText(lockedOut).waitFor();
    const refused = await unlock(E2E.adminPanelPassword);
    expect(refused.status()).toBe(429);
    expect((await refused.json()).message).toMatch(lockedOut);
  });

  it('tells the member why their VIP request was rejected, on /vip and in the bell, at 390 and 1280 px', async () => {
    const { page } = await member(emailOf('rejected'), 'Rosa', 'Mendoza');
    await page.goto(`${baseUrl}/vip`);
    await dismissPopup(page);
    const plan = page.getByRole('row', { name: /^VIP 300 / });
    await plan.getByRole('button', { name: 'Pay with G-CASH' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to VIP 300' });
    await dialog.getByText('0917 123 4567').waitFor();
    await dialog.getByLabel('G-CASH reference number').fill(String(Date.now()).padStart(13, '5').slice(-13));
    await page.setViewportSize(PHONE);
    await readmeScreenshot(page, 'vip-dialog-390');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByText('VIP request pending admin approval', { exact: true }).waitFor();

    const admin = await adminPage();
    await openAdminArea(admin, baseUrl, 'VIP approvals');
    const row = admin.getByRole('row', { name: new RegExp(emailOf('rejected')) });
    await row.getByRole('button', { name: 'Reject' }).click();
    const reject = admin.getByRole('dialog', { name: 'Reject VIP request' });
    await reject.getByRole('button', { name: 'Reject Request' }).click();
    await reject.getByText('Please give a reason for the rejection').waitFor();
    const reason = 'The G-CASH reference does not match any payment we received';
    await reject.getByLabel('Reason').fill(reason);
    await atBothWidths(admin, 'vip-reject-confirm', async () => {
      await expectInView(reject.getByLabel('Reason'));
      await expectInView(reject.getByRole('button', { name: 'Reject Request' }));
    });
    await reject.getByRole('button', { name: 'Reject Request' }).click();
    await toastSays(admin, 'VIP request rejected');
    await row.waitFor({ state: 'detached' });

    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'Your request for VIP 300 was not approved' });
    await notice.getByText(reason).waitFor();
    expect(await plan.getByRole('button', { name: 'Pay with G-CASH' }).isDisabled()).toBe(false);
    await atBothWidths(page, 'vip-rejected-notice', () => expectInView(notice.getByText(reason)));

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const item = page.getByRole('menuitem', { name: /VIP request not approved/ });
    await atBothWidths(page, 'vip-rejected-notification', () => expectInView(item.getByText(reason, { exact: false })));
  });

  it('shows the payout page at 390 and 1280 px: what is left to go under ₱150.00, then the form with the last wallet offered', async () => {
    const { page, id } = await member(personalEmail('Tess', 'Uy'), 'Tess', 'Uy', '100.25', PHONE);
    await page.goto(`${baseUrl}/payouts`);
    await dismissPopup(page);
    const toGo = page.getByRole('region', { name: '₱49.75 more to go before you can cash out' });
    await atBothWidths(page, 'payouts-to-go', async (viewport) => {
      await expectInView(toGo.getByRole('progressbar'));
      await expectInView(toGo.getByRole('link', { name: 'Earn with tasks' }));
      await readmeScreenshot(page, `payouts-to-go-${viewport.width}`);
    });
    expect(await page.getByRole('button', { name: 'Request Payout' }).count()).toBe(0);

    // Earned past the minimum, with a payout already asked for: the form, GCash first, that wallet offered again.
    await ok(
      adminApi.put(`/api/admin/users/${id}/balance`, {
        data: { newBalance: '650.25', expectedBalance: '100.25', reason: 'Contest prize' },
      }),
    );
    await ok(
      page.request.post('/api/payouts', {
        data: { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: '0917 555 0177', accountName: 'Tess Uy' } },
      }),
    );
    await page.reload();
    const again = page.getByRole('button', { name: 'Use 0917 555 0177 (GCash)' });
    await again.click();
    expect(await page.getByLabel('GCash number').inputValue()).toBe('0917 555 0177');
    expect(await page.getByLabel('Amount (₱)').inputValue()).toBe('');
    await atBothWidths(page, 'payouts-form', async (viewport) => {
      await expectInView(again);
      await expectInView(page.getByText('From ₱150.00 up to ₱450.25.'));
      await readmeScreenshot(page, `payouts-form-${viewport.width}`);
    });
    for (const { id: payoutId } of await ok<{ id: string }[]>(page.request.get('/api/payouts'))) {
      await ok(adminApi.post(`/api/admin/payout/${payoutId}/status`, { data: { status: 'declined', reason: 'Test data' } }));
    }
  });

  it('shows the README’s member dashboard at 390 px and the support chat both ways at 1280 px', async () => {
    const email = personalEmail('Alma', 'Reyes');
    const { page, id } = await member(email, 'Alma', 'Reyes', '1250.50', PHONE);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome, Alma' }).waitFor();
    await page.getByRole('region', { name: 'Daily Task Limit' }).waitFor();
    await dismissPopup(page);
    await page.waitForLoadState('networkidle');
    await readmeScreenshot(page, 'member-dashboard-390');

    await ok(page.request.post('/api/support/messages', { data: { message: 'Hello! How long does a G-CASH payout take?' } }));
    const answer = 'Hi Alma! Approved payouts reach your G-CASH within 3-7 business days.';
    await ok(adminApi.post(`/api/admin/support/conversations/${id}/reply`, { data: { message: answer } }));
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: /^Open support chat/ }).click();
    await page.getByRole('region', { name: 'Live Support' }).getByText(answer).waitFor();
    await readmeScreenshot(page, 'support-chat-1280');

    const admin = await adminPage();
    await admin.goto(`${baseUrl}/admin/support`);
    const conversation = admin.getByRole('button', { name: new RegExp(email) });
    await conversation.click();
    await admin
      .getByRole('list', { name: `Messages with ${email}` })
      .getByText(answer)
      .waitFor();
    // Opening the thread reads it: the unread count goes too.
    await conversation.getByLabel('1 unread').waitFor({ state: 'detached' });
    await readmeScreenshot(admin, 'admin-support-inbox-1280');
  });
});
