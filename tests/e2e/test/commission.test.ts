import { atBothWidths, browserOfFile, DESKTOP, ok, signInWithDevForm } from '@app/testkit/browser';
import { describe, expect, it } from 'vitest';
import { E2E } from '../credentials';
import { baseUrl, run, unlockedAdminOn } from '../support';

const { newContext } = browserOfFile({ viewport: DESKTOP, baseURL: baseUrl });
const unlockedAdmin = async () => unlockedAdminOn(await newContext());

/** ₱1,234.50 -> 123450 */
const centavosOf = (text: string) => Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);

interface CommissionPayout {
  id: string;
  amount: string;
  accountDetails: string;
  status: string;
  notes: string | null;
}

describe('commission operator', () => {
  it('sees the ₱5 and ₱10 that member and admin actions earn, requests a payout, and an admin pays it', async () => {
    const admin = await unlockedAdmin();

    // A member given ₱600.00 by an admin buys VIP 300 with earnings (₱5 commission) and withdraws ₱200.00,
    // which the admin approves (₱10 commission).
    const memberContext = await newContext();
    const memberPage = await memberContext.newPage();
    await signInWithDevForm(memberPage, baseUrl, `commission-${run}@example.com`, { firstName: 'Carla', lastName: 'Mendoza' });
    const member = memberContext.request;
    const { id: memberId } = await ok<{ id: string }>(member.get('/api/auth/user'));
    await ok(
      admin.put(`/api/admin/users/${memberId}/balance`, {
        data: { newBalance: '600.00', expectedBalance: '0.00', reason: 'Contest prize' },
      }),
    );
    await ok(member.post('/api/vip/upgrade-with-earnings', { data: { vipTier: 'VIP300' } }));
    const memberPayout = await ok<{ id: string }>(
      member.post('/api/payouts', {
        data: { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: '0917 555 0177', accountName: 'Carla Mendoza' } },
      }),
    );
    await ok(admin.post(`/api/admin/payout/${memberPayout.id}/status`, { data: { status: 'approved' } }));

    // The operator signs in at /admin/percentage and finds both commissions among the recent ones.
    const operatorContext = await newContext();
    const page = await operatorContext.newPage();
    await page.goto(`${baseUrl}/admin/percentage`);
    await page.getByRole('heading', { level: 1, name: 'Commission Login' }).waitFor();
    await atBothWidths(page, 'commission-login');
    await page.getByLabel('Username').fill(E2E.operator.username);
    await page.getByLabel('Password').fill(E2E.operator.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Commission Dashboard' }).waitFor();
    await page.getByText('5 pesos per VIP upgrade').waitFor();
    await page.getByText('10 pesos per regular payout').waitFor();

    const recent = page.getByRole('table', { name: 'Recent commission transactions' });
    const upgradeRow = recent.getByRole('row').filter({ hasText: 'VIP upgrade to VIP 300' }).first();
    await upgradeRow.waitFor();
    expect(await upgradeRow.textContent()).toContain('+₱5.00');
    const payoutRow = recent.getByRole('row').filter({ hasText: 'Payout of ₱200.00 approved' }).first();
    expect(await payoutRow.textContent()).toContain('+₱10.00');
    expect(await payoutRow.textContent()).toContain('Regular Payout');
    await atBothWidths(page, 'commission-dashboard');

    // The card's figure: its second paragraph, after the label.
    const totalBalance = async () =>
      centavosOf((await page.getByRole('group', { name: 'Total Balance' }).locator('p').nth(1).textContent()) ?? '');
    const balanceBefore = await totalBalance();
    expect(balanceBefore).toBeGreaterThanOrEqual(1_500);

    // The operator asks for ₱15.00 by G-CASH.
    await page.getByRole('button', { name: 'Request Payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Payout' });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.getByText('Amount is required').waitFor();
    await dialog.getByLabel('Amount (₱)').fill('15');
    await dialog.getByLabel('Payment method').click();
    // Listed by the brand's name; the API value G-CASH is what is sent.
    await page.getByRole('option', { name: 'GCash' }).click();
    const accountDetails = `0917 555 ${run} Operator`;
    await dialog.getByLabel('Account details').fill(accountDetails);
    await atBothWidths(page, 'commission-request-payout');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Payout Requested', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const requests = page.getByRole('table', { name: 'Commission payout requests' });
    const requestRow = requests.getByRole('row').filter({ hasText: accountDetails });
    await requestRow.getByText('Pending').waitFor();
    expect(await requestRow.textContent()).toContain('GCash');
    await expect.poll(totalBalance).toBe(balanceBefore - 1_500);

    // An admin approves it, then marks it paid; each action records its fixed note.
    const payouts = await ok<CommissionPayout[]>(admin.get('/api/admin/percentage/payouts'));
    const requested = payouts.find((payout) => payout.accountDetails === accountDetails);
    expect(requested).toMatchObject({ amount: '15.00', paymentMethod: 'G-CASH', status: 'pending', notes: null });
    const approved = await ok<CommissionPayout>(
      admin.post(`/api/admin/percentage/payouts/${requested?.id}/status`, { data: { status: 'approved' } }),
    );
    expect(approved).toMatchObject({ status: 'approved', notes: 'Approved for processing' });
    const paid = await ok<CommissionPayout>(
      admin.post(`/api/admin/percentage/payouts/${requested?.id}/status`, { data: { status: 'paid' } }),
    );
    expect(paid).toMatchObject({ status: 'paid', notes: 'Payment completed' });

    // The operator sees it paid; the amount stays out of the balance, and the statement lists it.
    await page.reload();
    await requestRow.getByText('Paid', { exact: true }).waitFor();
    expect(await requestRow.textContent()).toContain('Payment completed');
    expect(await totalBalance()).toBe(balanceBefore - 1_500);
    await atBothWidths(page, 'commission-payout-paid');
    const statement = await operatorContext.request.get('/api/admin/percentage/statement.csv');
    expect(statement.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await statement.text()).toContain(`${requested?.id},Commission payout,Commission payout via GCash,paid,-15.00,`);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Commission Login' }).waitFor();
  });
});
