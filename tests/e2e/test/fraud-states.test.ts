import {
  atBothWidths,
  type BrowserContext,
  browserOfFile,
  contextSender,
  DESKTOP,
  expectInView,
  ok,
  type Page,
  signInThroughDevLogin,
  signInWithDevForm,
  toastSays,
} from '@app/testkit/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E } from '../credentials';
import { baseUrl, emailOfRun } from '../support';

/**
 * What a ring that hides meets on the screens (docs/product-rules.md#referral-bonuses-wait-for-proof,
 * docs/product-rules.md#payout-destinations, docs/product-rules.md#fraud-rules), at phone and desktop width with
 * a screenshot of each: the sponsor's bonus pending until the friend's first payout, the payout form reading the
 * wallet field by field, the admin's queue flagging one wallet shared by the two with their cluster, the
 * approval saying so, and the bonus then held for review.
 */

const { newContext } = browserOfFile({ viewport: DESKTOP, baseURL: baseUrl, reducedMotion: 'reduce' });
let admin: Page;
const emailOf = emailOfRun('ring');
/** One G-CASH wallet of this run: 0917 6xx xxxx. */
const wallet = `0917 6${String(Date.now() % 100).padStart(2, '0')} ${String(Date.now() % 10_000).padStart(4, '0')}`;

beforeAll(async () => {
  admin = await (await newContext()).newPage();
  await signInWithDevForm(admin, baseUrl, E2E.adminEmail);
  await ok(admin.request.post(`${baseUrl}/api/admin/unlock`, { data: { password: E2E.adminPanelPassword } }));
});

/** Money to pay out, through the admin's balance editor. */
async function fund(userId: string, member: Page | BrowserContext) {
  const { availableBalance } = await ok<{ availableBalance: string }>(member.request.get(`${baseUrl}/api/auth/user`));
  await ok(
    admin.request.put(`${baseUrl}/api/admin/users/${userId}/balance`, {
      data: { newBalance: '300', expectedBalance: availableBalance, reason: 'Contest prize' },
    }),
  );
}

describe('a sponsor and a friend who share one wallet', () => {
  it('see the bonus pending, then held; the admin sees one wallet and one cluster before paying', async () => {
    // The sponsor uses the app; the friend only calls the API from a browser of their own (no shared device).
    const sponsor = await (await newContext()).newPage();
    await signInWithDevForm(sponsor, baseUrl, emailOf('sponsor'), { firstName: 'Rosa', lastName: 'Lim' });
    const sponsorUser = await ok<{ id: string; referralCode: string }>(sponsor.request.get(`${baseUrl}/api/auth/user`));
    const friend = await newContext();
    await signInThroughDevLogin(contextSender(friend.request, baseUrl), emailOf('friend'), { firstName: 'Tess', lastName: 'Uy' });
    const friendUser = await ok<{ id: string }>(friend.request.get(`${baseUrl}/api/auth/user`));
    await ok(friend.request.post(`${baseUrl}/api/referrals/use-code`, { data: { referralCode: sponsorUser.referralCode } }));
    const [task] = await ok<{ id: string }[]>(friend.request.get(`${baseUrl}/api/tasks`));
    await ok(friend.request.post(`${baseUrl}/api/tasks/${task?.id}/start`));
    // The browser suite's server counts a view after 3 seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await ok<{ success: boolean }>(friend.request.get(`${baseUrl}/api/tasks/${task?.id}/redirect-complete`))).toMatchObject({
      success: true,
    });

    await sponsor.goto(`${baseUrl}/referrals`);
    const waiting = sponsor.getByRole('table', { name: 'Referral History' }).getByRole('row', { name: /Tess U\./ });
    await atBothWidths(sponsor, 'referral-bonus-pending', async () => {
      await expectInView(waiting.getByText("Pending until Tess U.'s first payout is approved"));
      await expectInView(sponsor.getByRole('group', { name: 'Earned Referral Bonus' }).getByText('₱50.00 pending'));
    });
    await sponsor.goto(`${baseUrl}/`);
    await atBothWidths(sponsor, 'dashboard-bonus-pending', () =>
      expectInView(sponsor.getByRole('group', { name: 'Referral Earnings' }).getByText('₱50.00 pending')),
    );

    // The sponsor asks for a payout to the wallet; the form reads it field by field and says what is wrong where.
    await fund(sponsorUser.id, sponsor);
    await sponsor.goto(`${baseUrl}/payouts`);
    await sponsor.getByRole('combobox', { name: 'Payment method' }).click();
    await sponsor.getByRole('option', { name: 'GCash' }).click();
    await sponsor.getByLabel('Amount (₱)').fill('150');
    await sponsor.getByLabel('GCash number').fill(`alt 0917000xxxx / main ${wallet}`);
    await sponsor.getByLabel("Account holder's name").fill('Rosa Lim');
    await sponsor.getByRole('button', { name: 'Request Payout' }).click();
    await atBothWidths(sponsor, 'payout-form-two-numbers', () =>
      expectInView(sponsor.getByText('Enter one number only: which of the numbers is meant cannot be told')),
    );
    await sponsor.getByLabel('GCash number').fill(`+63 ${wallet.slice(1)}`);
    await sponsor.getByRole('button', { name: 'Request Payout' }).click();
    const confirmation = sponsor.getByRole('dialog', { name: 'Request ₱150.00 by GCash?' });
    await confirmation.getByText(`${wallet} · Rosa Lim`, { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Request ₱150.00' }).click();
    await toastSays(sponsor, 'Payout Requested');

    // The friend pays out to the same wallet, written the old way, with a zero-width space inside.
    await fund(friendUser.id, friend);
    const friendPayout = await ok<{ id: string }>(
      friend.request.post(`${baseUrl}/api/payouts`, {
        data: { paymentMethod: 'G-CASH', amount: '150', paymentDetails: `${wallet.replace(' ', '\u200b')} Tess Uy` },
      }),
    );

    await admin.goto(`${baseUrl}/admin/payouts`);
    await admin.getByRole('searchbox', { name: 'Search payouts' }).fill(emailOf('friend'));
    // The search finds the sponsor's payout too: its row names the friend as another account of the wallet.
    const row = admin.getByRole('row').filter({ hasText: 'Tess Uy' });
    await atBothWidths(admin, 'payout-queue-shared-wallet', async () => {
      await expectInView(row.getByText(/^Destination 0917•••\d{4} also used by 1 other account$/));
      await expectInView(row.getByText(/^Cluster of \d+$/));
      await expectInView(row.getByText(`Also used by ${emailOf('sponsor')}`));
    });
    await row.getByRole('button', { name: 'Approve Payout of Tess Uy' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve payout?' });
    await atBothWidths(admin, 'payout-approve-cluster', () =>
      expectInView(approve.getByText(/This account is one of a cluster of \d+ linked accounts\./)),
    );
    await approve.getByRole('button', { name: 'Pay ₱150.00' }).click();
    await toastSays(admin, 'Payout approved successfully');
    expect((await ok<{ status: string }[]>(friend.request.get(`${baseUrl}/api/payouts`)))[0]?.status).toBe('approved');
    expect(friendPayout.id).toBeTruthy();

    // The friend's payout is approved, but the two share a wallet: the bonus is held for review, never paid.
    await sponsor.goto(`${baseUrl}/referrals`);
    const held = sponsor.getByRole('table', { name: 'Referral History' }).getByRole('row', { name: /Tess U\./ });
    await atBothWidths(sponsor, 'referral-bonus-held', () => expectInView(held.getByText('₱50.00 under review')));
    const me = await ok<{ availableBalance: string; pendingBonuses: string }>(sponsor.request.get(`${baseUrl}/api/auth/user`));
    expect(me).toMatchObject({ availableBalance: '150.00', pendingBonuses: '0.00' });
  });
});

describe('the browser’s traits of one phone', () => {
  /** The traits one fresh browser of this Chromium sends once a member of this run is signed in, and the worker scripts it loaded. */
  async function traitsOfAFreshBrowser(name: string, withoutOffscreenCanvas = false) {
    const context = await newContext();
    // A browser that cannot draw off the page (older Safari): the page makes the drawings itself.
    if (withoutOffscreenCanvas) await context.addInitScript(() => Reflect.deleteProperty(globalThis, 'OffscreenCanvas'));
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const sent = page.waitForRequest((request) => request.url().includes('auth.device') && request.method() === 'POST');
    await signInWithDevForm(page, baseUrl, emailOf(name));
    const body = (await sent).postDataJSON() as Record<string, { json?: { traits?: string }; traits?: string }>;
    await context.close();
    const sentTraits = Object.values(body).map((call) => call.json?.traits ?? call.traits)[0];
    return { traits: sentTraits, drewInAWorker: workers.some((url) => url.includes('device-drawings')) };
  }

  it('are the same whether a worker or the page drew them, so a second account on it is tied in either way', async () => {
    const drawnOffThePage = await traitsOfAFreshBrowser('worker-drawn');
    const drawnOnThePage = await traitsOfAFreshBrowser('page-drawn', true);
    expect(drawnOffThePage.drewInAWorker).toBe(true);
    expect(drawnOnThePage.drewInAWorker).toBe(false);
    expect(drawnOffThePage.traits).toMatch(/^[0-9a-f]{64}$/);
    expect(drawnOnThePage.traits).toBe(drawnOffThePage.traits);
  });
});
