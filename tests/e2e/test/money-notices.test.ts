import {
  atBothWidths,
  browserOfFile,
  DESKTOP,
  dismissPopup,
  expectInView,
  ok,
  openAdminArea,
  readmeScreenshot,
} from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { baseUrl, giveNewMemberBalance, run, signUpMember, unlockedAdminOn } from '../support';

/**
 * Told the moment money moves (issue 37, docs/product-rules.md#notices-of-money): a member's dashboard is
 * open while an admin approves their payout with the transfer's reference in the panel; the bell rings
 * without a reload, the notice says where the money went and the reference, and the payout shows it.
 */

const { newContext } = browserOfFile({ baseURL: baseUrl, viewport: DESKTOP, reducedMotion: 'reduce' });

describe('a payout approved while the member looks', () => {
  it("rings the member's open dashboard with where the money went and the transfer reference", async () => {
    const email = `notice-${run}@example.com`;
    const admin = await newContext();
    const adminApi = await unlockedAdminOn(admin);
    const memberContext = await newContext();
    const id = await signUpMember(memberContext.request, email, { firstName: 'Lorna', lastName: 'Diaz' });
    await giveNewMemberBalance(adminApi, id, '500', 'Contest prize');
    await ok(
      memberContext.request.post('/api/payouts', {
        data: { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: '0917 555 4567', accountName: 'Lorna Diaz' } },
      }),
    );

    const page = await memberContext.newPage();
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/trpc/live.events');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Lorna' }).waitFor();
    await streaming;
    await dismissPopup(page);
    // The balance edit's notice is there already: one unread.
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();

    const panel = await admin.newPage();
    await openAdminArea(panel, baseUrl, 'Payouts');
    await panel.getByRole('searchbox', { name: 'Search payouts' }).fill(email);
    await panel.getByRole('button', { name: 'Approve Payout of Lorna Diaz' }).click();
    const confirm = panel.getByRole('dialog', { name: 'Approve payout?' });
    // A reference with an invisible character in it is refused on the field, as the server would.
    const reference = confirm.getByLabel('Transfer reference (optional)');
    await reference.fill('1234567\u200b890123');
    await confirm.getByRole('button', { name: 'Pay ₱200.00' }).click();
    await confirm.getByText('Text must not contain invisible characters', { exact: false }).waitFor();
    await reference.fill(' 1234567890123 ');
    await confirm.getByRole('button', { name: 'Pay ₱200.00' }).click();
    await confirm.waitFor({ state: 'detached' });

    // No reload: the live stream told the page.
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 5_000 });
    const notice = '₱200.00 sent to GCash 0917•••4567. Reference: 1234567890123.';
    await atBothWidths(page, 'bell-after-approval', async (viewport) => {
      await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
      await expectInView(page.getByText(notice, { exact: true }));
      await expectInView(page.getByText('Payout sent', { exact: true }));
      await readmeScreenshot(page, `bell-after-approval-${viewport.width}`);
      await page.keyboard.press('Escape');
    });

    // The notice opens the payout, which shows the reference.
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    await page.getByText(notice, { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    const row = page.getByRole('table', { name: 'Payout History' }).getByRole('row', { name: /Approved/ });
    await atBothWidths(page, 'payout-transfer-reference', () => expectInView(row.getByText('Reference: 1234567890123')));
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await page.getByRole('button', { name: 'Notifications, 1 unread' }).count()).toBe(1);
  });
});
