import { staffMessages } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmedThenSent, expectShows, findRow, holdCalls, openDialog, refusedEmptyThenSent, renderAt, useMockServer } from './kit';
import { payout, payoutApproval, servePanel, servePayoutDecisions } from './panel-fixtures';

useMockServer();

describe('admin panel', () => {
  it('approves a payout, showing the account type, with a success toast', async () => {
    const decisions = servePayoutDecisions();
    renderAt('/admin/payouts');

    const row = await findRow('Gina Tan');
    expectShows(row, ['₱200.00', 'VIP (VIP 500)']);
    // The method by its brand's name, in the row and in the confirmation, never the API value.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('GCash');
    expect(row.textContent).not.toContain('G-CASH');
    // Requested at 02:00 UTC: 10:00 in the morning in Manila, whatever the browser's own time zone.
    expect(row.textContent).toContain('Nov 20, 2026, 10:00 AM');
    await confirmedThenSent(row, decisions, payoutApproval);

    await screen.findByText('Payout approved successfully');
    expect(decisions).toEqual([{ id: 'payout-1', status: 'approved' }]);
    expect(await screen.findByText('No pending payout requests')).toBeTruthy();
  });

  it('approves a payout with the transfer reference, refusing one the server would refuse on the field', async () => {
    const decisions = servePayoutDecisions();
    renderAt('/admin/payouts');
    const row = await findRow('Gina Tan');
    await userEvent.click(within(row).getByRole('button', { name: payoutApproval.open }));
    const confirm = await screen.findByRole('dialog', { name: payoutApproval.dialog });
    const reference = within(confirm).getByLabelText('Transfer reference (optional)');

    await userEvent.type(reference, '12');
    await userEvent.click(within(confirm).getByRole('button', { name: payoutApproval.confirm }));
    expect(await within(confirm).findByText(staffMessages.admin.transferReferenceInvalid)).toBeTruthy();
    expect(decisions).toEqual([]);

    await userEvent.clear(reference);
    await userEvent.type(reference, ' 1234567890123 ');
    await userEvent.click(within(confirm).getByRole('button', { name: payoutApproval.confirm }));
    await screen.findByText('Payout approved successfully');
    expect(decisions).toEqual([{ id: 'payout-1', status: 'approved', transferReference: '1234567890123' }]);
  });

  it('marks a payout whose member is one of a cluster, and says so before it is approved', async () => {
    servePanel({
      'admin.payouts.pending': () => ({
        data: [payout, { ...payout, id: 'payout-2', userId: 'user-4', firstName: 'Ria', email: 'ria@example.com', clusterSize: 5 }],
      }),
    });
    renderAt('/admin/payouts');

    const alone = await findRow('Gina Tan');
    const clustered = await findRow('Ria Tan');
    expect(within(clustered).getByText('Cluster of 5')).toBeTruthy();
    expect(within(alone).queryByText(/Cluster of/)).toBeNull();

    await userEvent.click(within(clustered).getByRole('button', { name: 'Approve Payout of Ria Tan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve payout?' });
    expect(confirm.textContent).toContain('This account is one of a cluster of 5 linked accounts.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(alone).getByRole('button', { name: payoutApproval.open }));
    expect((await screen.findByRole('dialog', { name: payoutApproval.dialog })).textContent).not.toContain('cluster');
  });

  it('sends one decision for a double press: the confirm button is busy until the server answers', async () => {
    const decisions = servePayoutDecisions();
    const answer = holdCalls('admin.payouts.decide');
    renderAt('/admin/payouts');
    const confirm = within(await openDialog(payoutApproval.open, payoutApproval.dialog));
    const pay = confirm.getByRole('button', { name: payoutApproval.confirm }) as HTMLButtonElement;

    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    expect(pay.disabled).toBe(true);
    answer();

    await screen.findByText('Payout approved successfully');
    expect(decisions).toEqual([{ id: 'payout-1', status: 'approved' }]);
  });

  it('declines a payout only with a reason, which it sends', async () => {
    const decisions = servePayoutDecisions();
    renderAt('/admin/payouts');
    const dialog = await openDialog('Decline payout of Gina Tan', 'Decline payout?');
    await refusedEmptyThenSent(dialog, decisions, {
      button: 'Decline payout',
      refusal: 'Please give a reason for declining: the member sees it',
      value: 'Name does not match the G-CASH account',
    });
    await screen.findByText('Payout status updated successfully');
    expect(decisions).toEqual([{ id: 'payout-1', status: 'declined', reason: 'Name does not match the G-CASH account' }]);
  });

  it('shows what to know before paying: the flags and the accounts that share the destination', async () => {
    servePanel({
      'admin.payouts.pending': () => ({
        data: [
          {
            ...payout,
            flags: [{ code: 'shared_destination', text: 'Destination 0917•••0199 also used by 2 other accounts' }],
            linkedAccounts: [
              { userId: 'user-8', email: 'alt1@example.com' },
              { userId: 'user-9', email: 'alt2@example.com' },
            ],
          },
        ],
      }),
    });
    renderAt('/admin/payouts');
    const row = await findRow('Gina Tan');
    expectShows(row, ['Destination 0917•••0199 also used by 2 other accounts', 'Also used by alt1@example.com, alt2@example.com']);
  });
});
