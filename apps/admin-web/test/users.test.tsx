import { type AdminUser, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectShows, failsOnceThen, findRow, openDialog, renderAt, useMockServer } from './kit';
import { adminUser, servePanel } from './panel-fixtures';

useMockServer();

/** Opens the Users tab and the balance editor of Maria's row: the row, and the editor's amount box. */
async function openMariasBalance() {
  renderAt('/admin/users');
  const maria = await findRow('maria.santos@example.com');
  await userEvent.click(within(maria).getByRole('button', { name: 'Edit Balance of maria.santos@example.com' }));
  return { maria, input: within(maria).getByLabelText('New balance for maria.santos@example.com') };
}

describe('admin panel', () => {
  it('lists users with their tier, balance and status, and edits a balance inline', async () => {
    const balances: unknown[] = [];
    servePanel({
      'admin.users.list': () => ({
        data: { items: [adminUser({}), adminUser({ id: 'user-9', email: 'vip@example.com', vipTier: 'VIP500' })], total: 2 },
      }),
      'admin.users.setBalance': recordingInto(balances, { data: adminUser({ availableBalance: '500.00' }) }),
    });
    renderAt('/admin/users');

    const table = await screen.findByRole('table', { name: 'Users' });
    const maria = await findRow('maria.santos@example.com', table);
    expectShows(maria, ['Regular', '₱350.25', '₱1,250.50', 'Active']);
    expect((await findRow('vip@example.com', table)).textContent).toContain('VIP 500');

    await userEvent.click(within(maria).getByRole('button', { name: 'Edit Balance of maria.santos@example.com' }));
    const input = within(maria).getByLabelText('New balance for maria.santos@example.com');
    await userEvent.clear(input);
    await userEvent.type(input, '500');
    await userEvent.click(within(maria).getByRole('button', { name: 'Save balance' }));

    // The change is restated and needs a reason before anything is sent.
    const dialog = await screen.findByRole('dialog', { name: 'Change balance' });
    expect(dialog.textContent).toContain('from ₱350.25 to ₱500.00 (+₱149.75)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change balance' }));
    expect(await within(dialog).findByText('Please give a reason for the balance change')).toBeTruthy();
    expect(balances).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Goodwill credit for ticket 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change balance' }));

    await screen.findByText('User balance updated');
    expect(balances).toEqual([{ userId: 'user-1', newBalance: '500', expectedBalance: '350.25', reason: 'Goodwill credit for ticket 42' }]);
  });

  it('shows a balance that changed while the editor was open and saves against it', async () => {
    const balances: Array<{ expectedBalance?: string }> = [];
    servePanel({
      'admin.users.list': () => ({ data: { items: [adminUser({})], total: 1 } }),
      'admin.users.setBalance': failsOnceThen(
        {
          error: {
            code: 'CONFLICT',
            message: 'The balance changed to ₱120.00 since you opened it. Check it and save again.',
            details: { currentBalance: '120.00' },
          },
        },
        { data: adminUser({ availableBalance: '500.00' }) },
        balances,
      ),
    });
    const { maria, input } = await openMariasBalance();
    await userEvent.clear(input);
    await userEvent.type(input, '500');

    const save = async () => {
      await userEvent.click(within(maria).getByRole('button', { name: 'Save balance' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change balance' });
      await userEvent.type(within(dialog).getByLabelText('Reason'), 'Correction');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change balance' }));
    };
    await save();
    expect((await within(maria).findByRole('alert')).textContent).toBe(
      'The balance changed to ₱120.00 since you opened it. Check it and save again.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await save();
    await screen.findByText('User balance updated');
    expect(balances.map((call) => call.expectedBalance)).toEqual(['350.25', '120.00']);
  });

  it('refuses a balance that is not an amount under the box, and asks nothing until it is one', async () => {
    const balances: unknown[] = [];
    servePanel({
      'admin.users.list': () => ({ data: { items: [adminUser({})], total: 1 } }),
      'admin.users.setBalance': recordingInto(balances, { data: adminUser({ availableBalance: '75.50' }) }),
    });
    const { maria, input } = await openMariasBalance();

    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    await userEvent.click(within(maria).getByRole('button', { name: 'Save balance' }));
    expect((await within(maria).findByRole('alert')).textContent).toBe(staffMessages.admin.balanceInvalid);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.clear(input);
    await userEvent.type(input, '75.50');
    await userEvent.click(within(maria).getByRole('button', { name: 'Save balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change balance' });
    expect(dialog.textContent).toContain('from ₱350.25 to ₱75.50 (−₱274.75)');
    expect(within(maria).queryByRole('alert')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Reversed a duplicate bonus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change balance' }));
    await screen.findByText('User balance updated');
    expect(balances).toEqual([{ userId: 'user-1', newBalance: '75.50', expectedBalance: '350.25', reason: 'Reversed a duplicate bonus' }]);
  });

  it('shows a balance above the ceiling under the box, as the server refused it', async () => {
    const ceiling = 'A balance cannot be raised above the ceiling of ₱1,000,000.00';
    servePanel({
      'admin.users.list': () => ({ data: { items: [adminUser({})], total: 1 } }),
      'admin.users.setBalance': () => ({
        error: { code: 'BAD_REQUEST', message: ceiling, details: { balanceCeiling: '1000000.00' } },
      }),
    });
    const { maria, input } = await openMariasBalance();
    await userEvent.clear(input);
    await userEvent.type(input, '2000000');
    await userEvent.click(within(maria).getByRole('button', { name: 'Save balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change balance' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Prize');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change balance' }));

    expect((await within(maria).findByRole('alert')).textContent).toBe(ceiling);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Said once, at the amount: not in a toast besides.
    expect(screen.getAllByText(ceiling)).toHaveLength(1);
  });
});

describe('user management page', () => {
  it('reads the filter from the address, searches on the server and offers All Users', async () => {
    const calls: unknown[] = [];
    servePanel({
      'admin.users.list': (input) => {
        calls.push(input);
        const { search } = input as { search?: string };
        return { data: search ? { items: [], total: 0 } : { items: [adminUser({ vipPendingApproval: true })], total: 1 } };
      },
    });
    renderAt('/admin/users?filter=pending');

    await screen.findByText('maria.santos@example.com');
    expect(calls.at(-1)).toMatchObject({ filter: 'pending', page: 1 });
    expect(screen.getByRole('button', { name: 'Approve VIP' })).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users found matching your search')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ filter: 'pending', search: 'nobody' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Filter users' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All Users' }));
    await waitFor(() => expect(calls.at(-1)).not.toHaveProperty('filter'));
  });

  it("asks before approving a member's VIP request from their row, then approves it", async () => {
    const approved: unknown[] = [];
    servePanel({
      'admin.users.list': () => ({
        data: { items: [adminUser({ vipPendingApproval: !approved.length, vipTier: approved.length ? 'VIP300' : 'regular' })], total: 1 },
      }),
      'admin.vip.approveForUser': recordingInto(approved, { data: adminUser({ vipTier: 'VIP300' }) }),
    });
    renderAt('/admin/users?filter=pending');

    const confirm = await openDialog('Approve VIP', 'Approve VIP request?');
    expect(confirm.textContent).toContain('Start the VIP plan maria.santos@example.com asked for?');
    expect(approved).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve VIP' }));

    await screen.findByText(staffMessages.admin.screens.vipStatusApproved);
    expect(approved).toEqual([{ id: 'user-1' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve VIP' })).toBeNull());
  });

  it('shows every user when the address names a filter that does not exist', async () => {
    const calls: unknown[] = [];
    servePanel({
      'admin.users.list': recordingInto(calls, { data: { items: [adminUser({})], total: 1 } }),
    });
    renderAt('/admin/users?filter=everyone');

    await screen.findByText('maria.santos@example.com');
    expect(calls.at(-1)).not.toHaveProperty('filter');
  });

  it('says when there are no users at all', async () => {
    servePanel({ 'admin.users.list': () => ({ data: { items: [], total: 0 } }) });
    renderAt('/admin/users');

    expect(await screen.findByText('No users found')).toBeTruthy();
  });
});

describe('setting an account status', () => {
  const juan = adminUser({ id: 'user-7', email: 'juan@example.com' });

  function serveUsers() {
    const changes: unknown[] = [];
    servePanel({
      'admin.users.list': () => ({ data: { items: [juan], total: 1 } }),
      'admin.users.setStatus': (input) => {
        changes.push(input);
        return { data: { ...juan, accountStatus: (input as { status: AdminUser['accountStatus'] }).status } };
      },
    });
    return changes;
  }

  async function openSetStatus(status: string) {
    renderAt('/admin/users');
    const dialog = await openDialog('Set Status', 'Set account status');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Account status' }));
    await userEvent.click(await screen.findByRole('option', { name: status }));
    return dialog;
  }

  it.each([
    ['Banned', 'Ban juan@example.com? Every session ends and they cannot sign in.', 'Ban', staffMessages.admin.banReasonRequired],
    [
      'Suspended',
      'Suspend juan@example.com? They can sign in and read, but not earn, buy a plan or request payouts. They see your reason while signed in.',
      'Suspend',
      staffMessages.admin.suspendReasonRequired,
    ],
  ])('restates what %s does, and sends it only with a reason', async (status, effect, confirm, reasonRequired) => {
    const changes = serveUsers();
    const dialog = await openSetStatus(status);

    expect(dialog.textContent).toContain(effect);
    await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
    expect(await within(dialog).findByText(reasonRequired)).toBeTruthy();
    expect(changes).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Same G-CASH number as 4 other accounts');
    await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
    await screen.findByText(staffMessages.admin.screens.userStatusUpdated);
    expect(changes).toEqual([{ id: 'user-7', status: status.toLowerCase(), reason: 'Same G-CASH number as 4 other accounts' }]);
  });

  it('activates without a reason', async () => {
    const changes = serveUsers();
    const dialog = await openSetStatus('Banned');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await within(dialog).findByText(staffMessages.admin.banReasonRequired);

    // Back to active: the reason is no longer missing, and the dialog says what activating does.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Account status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    expect(dialog.textContent).toContain('Activate juan@example.com? They can sign in, earn, buy plans and request payouts.');
    expect(within(dialog).queryByText(staffMessages.admin.banReasonRequired)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await screen.findByText(staffMessages.admin.screens.userStatusUpdated);
    expect(changes).toEqual([{ id: 'user-7', status: 'active', reason: null }]);
  });
});
