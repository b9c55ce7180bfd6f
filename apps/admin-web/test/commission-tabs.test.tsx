import { type CommissionPayout, type CommissionStats, commissionPayoutSchema, commissionStatsSchema } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmedThenSent, failsOnceThen, openDialog, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';
import { adminStats } from './panel-fixtures';

useMockServer();

const payout = (overrides: Partial<CommissionPayout>): CommissionPayout =>
  commissionPayoutSchema.parse({
    id: 'cpay-1',
    amount: '15.00',
    paymentMethod: 'G-CASH',
    accountDetails: '09171234567',
    status: 'pending',
    requestedAt: '2026-11-20T02:00:00.000Z',
    processedAt: null,
    notes: null,
    ...overrides,
  });

const stats: CommissionStats = commissionStatsSchema.parse({
  totalBalance: '25.00',
  upgradeEarnings: '15.00',
  payoutEarnings: '10.00',
  totalUpgrades: 3,
  totalPayouts: 1,
  recentTransactions: [],
});

function servePanel(handlers: Parameters<typeof serveSession>[1]) {
  serveSession(unlockedAdmin, {
    'admin.stats': () => ({ data: adminStats() }),
    // The Commission area shows the figures and the payout requests together.
    'commission.payouts': () => ({ data: [] }),
    'commission.stats': () => ({ data: stats }),
    ...handlers,
  });
}

describe('% Payouts tab', () => {
  it('offers the actions each status allows and approves with a toast', async () => {
    const changes: unknown[] = [];
    servePanel({
      'commission.payouts': () => ({
        data: [
          payout({ status: changes.length ? 'approved' : 'pending' }),
          payout({ id: 'cpay-2', status: 'paid', notes: 'Payment completed', processedAt: '2026-11-21T02:00:00.000Z' }),
        ],
      }),
      'commission.setPayoutStatus': recordingInto(changes, { data: payout({ status: 'approved', notes: 'Approved for processing' }) }),
    });
    renderAt('/admin/commission');

    const table = await screen.findByRole('table', { name: 'Percentage payout requests' });
    await within(table).findByText('Payment completed');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [pending, paid] = rows as [HTMLElement, HTMLElement];
    expect(
      within(pending)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject', 'Mark Paid']);
    expect(within(paid).queryAllByRole('button')).toHaveLength(0);
    expect(paid.textContent).toContain('Payment completed');
    // The method by its brand's name, never the API value (in its column, or in the row where room is short).
    expect(within(pending).getByText('GCash', { exact: true })).toBeTruthy();
    expect(pending.textContent).not.toContain('G-CASH');

    await confirmedThenSent(pending, changes, {
      open: 'Approve',
      dialog: 'Approve commission payout?',
      question: 'Approve ₱15.00 to GCash 09171234567?',
      confirm: 'Approve',
    });
    await screen.findByText('Percentage payout status updated successfully');
    expect(changes).toEqual([{ payoutId: 'cpay-1', status: 'approved' }]);
    await waitFor(() =>
      expect(
        within(pending)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Mark Paid']),
    );
  });
});

describe('% Payouts tab, the other actions', () => {
  it('rejects only with a reason, which it sends, and asks before marking paid', async () => {
    const changes: unknown[] = [];
    servePanel({
      'commission.payouts': () => ({ data: [payout({ status: 'pending' })] }),
      'commission.setPayoutStatus': recordingInto(changes, {
        data: payout({ status: 'rejected', notes: 'Rejected by admin: Wrong name' }),
      }),
    });
    renderAt('/admin/commission');
    const table = await screen.findByRole('table', { name: 'Percentage payout requests' });

    const paid = await openDialog('Mark Paid', 'Mark commission payout paid?', table);
    expect(paid.textContent).toContain('Do this only once the money has been sent.');
    await userEvent.click(within(paid).getByRole('button', { name: 'Cancel' }));
    expect(changes).toEqual([]);

    await userEvent.click(within(table).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject commission payout?' });
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await within(reject).findByText('Please give a reason for the rejection: the operator sees it')).toBeTruthy();
    expect(changes).toEqual([]);
    await userEvent.type(within(reject).getByLabelText(/Reason/), 'Wrong name');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Percentage payout status updated successfully');
    expect(changes).toEqual([{ payoutId: 'cpay-1', status: 'rejected', reason: 'Wrong name' }]);
  });
});

describe('% Dashboard tab', () => {
  /** Serves the figures, and answers the editor's saves with them; the saves' inputs are kept in the array returned. */
  function serveFigures() {
    const updates: unknown[] = [];
    servePanel({
      'commission.stats': () => ({ data: stats }),
      'commission.updateStats': recordingInto(updates, { data: stats }),
    });
    return updates;
  }

  /** Opens the % Dashboard's editor once the figures have shown. */
  async function openEditor() {
    renderAt('/admin/commission');
    await screen.findByText('₱25.00');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Statistics' }));
  }

  /** Types a figure over what the field holds. */
  async function typeFigure(label: string, value: string) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, value);
    return field;
  }

  it('shows the figures, refuses statistics that are not numbers or have no reason, and confirms a correction with each figure before and after', async () => {
    const updates = serveFigures();
    await openEditor();
    // Counts in the right number: one payout, three upgrades.
    expect(screen.getByText('3 VIP upgrades')).toBeTruthy();
    expect(screen.getByText('1 payout')).toBeTruthy();
    await typeFigure('Total balance (₱)', 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter valid numbers');
    expect(
      await screen.findByText('Please give a reason for the correction: it is kept in the activity log and the commission ledger'),
    ).toBeTruthy();
    expect(updates).toEqual([]);

    await typeFigure('Total balance (₱)', '30');
    await userEvent.type(screen.getByLabelText('Reason'), 'A payout commission was missed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Correct the commission figures?' });
    expect(confirm.textContent).toContain(
      'Total balance ₱25.00 → ₱30.00, upgrade earnings ₱15.00 → ₱15.00, and so payout earnings ₱10.00 → ₱15.00.',
    );
    expect(updates).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save figures' }));
    await screen.findByText('Percentage dashboard stats updated successfully');
    // The figures it showed go as the ones the admin saw.
    expect(updates).toEqual([
      {
        totalBalance: '30',
        upgradeEarnings: '15.00',
        expectedTotalBalance: '25.00',
        expectedUpgradeEarnings: '15.00',
        reason: 'A payout commission was missed',
      },
    ]);
  });

  it('refuses a move of more than ₱5,000.00 at its field before sending anything', async () => {
    const updates = serveFigures();
    await openEditor();
    const balance = await typeFigure('Total balance (₱)', '999999');
    await userEvent.type(screen.getByLabelText('Reason'), 'Bonus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('One edit may change a figure by at most ₱5,000.00: the editor is for corrections, not income'),
    ).toBeTruthy();
    expect(balance.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updates).toEqual([]);
  });

  it('shows figures that changed while the editor was open, as news, and saves against them', async () => {
    const updates: Array<Record<string, unknown>> = [];
    servePanel({
      'commission.stats': () => ({ data: stats }),
      'commission.updateStats': failsOnceThen(
        {
          error: {
            code: 'CONFLICT',
            message:
              'The figures changed to a total balance of ₱35.00 and upgrade earnings of ₱20.00 since you opened the editor. Check them and save again.',
            details: { currentTotalBalance: '35.00', currentUpgradeEarnings: '20.00' },
          },
        },
        { data: stats },
        updates,
      ),
    });
    await openEditor();
    await typeFigure('Total balance (₱)', '30');
    await userEvent.type(screen.getByLabelText('Reason'), 'Recount');
    const save = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const confirm = await screen.findByRole('dialog', { name: 'Correct the commission figures?' });
      const said = confirm.textContent;
      await userEvent.click(within(confirm).getByRole('button', { name: 'Save figures' }));
      return said;
    };
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The figures changed to a total balance of ₱35.00 and upgrade earnings of ₱20.00 since you opened the editor. Check them and save again.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // News, not a failure: no error toast, and what was typed is still there.
    expect(screen.queryByText('Failed to update percentage stats')).toBeNull();
    expect((screen.getByLabelText('Total balance (₱)') as HTMLInputElement).value).toBe('30');

    // The confirmation now starts from the figures as they are.
    expect(await save()).toContain('Total balance ₱35.00 → ₱30.00, upgrade earnings ₱20.00 → ₱15.00');
    await screen.findByText('Percentage dashboard stats updated successfully');
    expect(updates.map(({ expectedTotalBalance, expectedUpgradeEarnings }) => [expectedTotalBalance, expectedUpgradeEarnings])).toEqual([
      ['25.00', '15.00'],
      ['35.00', '20.00'],
    ]);
  });

  it('shows a balance over the ceiling at the total balance', async () => {
    const ceiling = 'A balance cannot be raised above the ceiling of ₱1,000,000.00';
    servePanel({
      'commission.stats': () => ({ data: stats }),
      'commission.updateStats': () => ({ error: { code: 'BAD_REQUEST', message: ceiling, details: { balanceCeiling: '1000000.00' } } }),
    });
    await openEditor();
    const balance = await typeFigure('Total balance (₱)', '4000');
    await userEvent.type(screen.getByLabelText('Reason'), 'Recount');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save figures' }));
    await waitFor(() => expect(balance.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(ceiling)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
