import {
  ADMIN_PAGE_SIZE,
  type AdminPlan,
  type AdminStats,
  type AdminUser,
  adminNotificationSchema,
  adminPlanSchema,
  adminPopupSchema,
  adminStatsSchema,
  adminTaskSchema,
  adminUserSchema,
  type ErrorCode,
  messages,
  type PendingPayout,
  type PendingVipRequest,
  pendingPayoutSchema,
  pendingVipRequestSchema,
  type SystemSettings,
  staffMessages,
  supportMessageSchema,
} from '@app/contracts';
import type { ProcedureHandlers } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdCalls, pagesOf, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';

useMockServer();

/** Opens the Users tab and the balance editor of Maria's row: the row, and the editor's amount box. */
async function openMariasBalance() {
  renderAt('/admin-portal');
  await userEvent.click(await screen.findByRole('tab', { name: 'Users' }));
  const maria = (await screen.findByText('maria.santos@example.com')).closest('tr') as HTMLElement;
  await userEvent.click(within(maria).getByRole('button', { name: 'Edit Balance of maria.santos@example.com' }));
  return { maria, input: within(maria).getByLabelText('New balance for maria.santos@example.com') };
}

const stats: AdminStats = adminStatsSchema.parse({
  totalUsers: 42,
  activeUsers: 40,
  vipUsers: 7,
  pendingVipApprovals: 1,
  pendingPayouts: '350.00',
  pendingPayoutCount: 2,
  totalEarnings: '12345.50',
  updatedAt: '2026-11-20T02:00:00.000Z',
});

function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return adminUserSchema.parse({
    id: 'user-1',
    email: 'maria.santos@example.com',
    firstName: 'Maria',
    lastName: 'Santos',
    profileImageUrl: null,
    accountStatus: 'active',
    statusReason: null,
    vipTier: 'FREE',
    vipExpiresAt: null,
    vipPendingApproval: false,
    vipPaymentStatus: null,
    availableBalance: '350.25',
    pendingPayout: '0.00',
    totalEarnings: '1250.50',
    createdAt: '2026-01-15T02:00:00.000Z',
    isAdmin: false,
    ...overrides,
  });
}

const vipRequest: PendingVipRequest = pendingVipRequestSchema.parse({
  id: 'vip-request-1',
  userId: 'user-2',
  email: 'juan@example.com',
  vipTier: 'VIP300',
  vipPaymentStatus: 'pending',
  vipTransactionReference: '1234567890123',
  createdAt: '2026-11-20T02:00:00.000Z',
});

const payout: PendingPayout = pendingPayoutSchema.parse({
  id: 'payout-1',
  userId: 'user-3',
  firstName: 'Gina',
  lastName: 'Tan',
  amount: '200.00',
  paymentMethod: 'G-CASH',
  paymentDetails: '0917 555 0199 · Gina Tan',
  destination: { method: 'G-CASH', mobile: '+639175550199', accountName: 'Gina Tan' },
  maskedDestination: '0917•••0199',
  status: 'pending',
  createdAt: '2026-11-20T02:00:00.000Z',
  vipTier: 'VIP500',
  email: 'gina@example.com',
  flags: [],
  linkedAccounts: [],
  clusterSize: 1,
});

const settings: SystemSettings = {
  maintenance: false,
  maintenanceMode: false,
  websiteStatus: 'on',
  message: '',
  lastUpdated: null,
  gcashNumber: '09171234567',
  gcashName: 'PesoTasks Inc.',
};

/** An unlocked admin's session with the panel's reads answered; `extra` adds or replaces procedures. */
function servePanel(extra: ProcedureHandlers = {}) {
  return serveSession(unlockedAdmin, {
    'admin.stats': () => ({ data: stats }),
    'admin.maintenance.settings': () => ({ data: settings }),
    ...extra,
  });
}

/** The panel with one pending payout, gone once decided; answers the decisions it records. */
function servePayoutDecisions() {
  const decisions: unknown[] = [];
  servePanel({
    'admin.payouts.pending': () => ({ data: decisions.length ? [] : [payout] }),
    'admin.payouts.decide': (input) => {
      decisions.push(input);
      return { data: {} };
    },
  });
  return decisions;
}

describe('admin panel', () => {
  it('shows the four stat cards from the statistics', async () => {
    servePanel();
    renderAt('/admin-portal');

    const card = (name: string) => screen.findByRole('group', { name });
    await screen.findByText('₱12,345.50');
    expect((await card('Total Users')).textContent).toContain('42');
    expect((await card('VIP Members')).textContent).toContain('7');
    expect((await card('Total Earnings')).textContent).toContain('₱12,345.50');
    expect((await card('Pending Approvals')).textContent).toContain('1');
  });

  it('lists users with their tier, balance and status, and edits a balance inline', async () => {
    const balances: unknown[] = [];
    servePanel({
      'admin.users.list': () => ({
        data: { items: [adminUser({}), adminUser({ id: 'user-9', email: 'vip@example.com', vipTier: 'VIP500' })], total: 2 },
      }),
      'admin.users.setBalance': (input) => {
        balances.push(input);
        return { data: adminUser({ availableBalance: '500.00' }) };
      },
    });
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'Users' }));

    const table = await screen.findByRole('table', { name: 'Users' });
    const maria = (await within(table).findByText('maria.santos@example.com')).closest('tr') as HTMLElement;
    expect(maria.textContent).toContain('Regular');
    expect(maria.textContent).toContain('₱350.25');
    expect(maria.textContent).toContain('₱1,250.50');
    expect(maria.textContent).toContain('Active');
    expect(within(table).getByText('vip@example.com').closest('tr')?.textContent).toContain('VIP 500');

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
      'admin.users.setBalance': (input) => {
        balances.push(input as { expectedBalance?: string });
        if (balances.length === 1) {
          return {
            error: {
              code: 'CONFLICT',
              message: 'The balance changed to ₱120.00 since you opened it. Check it and save again.',
              details: { currentBalance: '120.00' },
            },
          };
        }
        return { data: adminUser({ availableBalance: '500.00' }) };
      },
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
      'admin.users.setBalance': (input) => {
        balances.push(input);
        return { data: adminUser({ availableBalance: '75.50' }) };
      },
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

  it('approves a VIP request with a success toast', async () => {
    const approved: unknown[] = [];
    servePanel({
      'admin.vip.pending': () => ({ data: approved.length ? [] : [vipRequest] }),
      'admin.vip.approve': (input) => {
        approved.push(input);
        return { data: adminUser({ id: 'user-2', vipTier: 'VIP300' }) };
      },
    });
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'VIP Approvals' }));

    const row = (await screen.findByText('juan@example.com')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('VIP 300');
    expect(row.textContent).toContain('1234567890123');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve VIP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve VIP request?' });
    expect(confirm.textContent).toContain('Start VIP 300 for juan@example.com, paid with G-CASH reference 1234567890123?');
    expect(approved).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Start VIP 300' }));

    await screen.findByText('VIP upgrade approved successfully');
    expect(approved).toEqual([{ id: 'vip-request-1' }]);
    expect(await screen.findByText('No pending VIP approvals')).toBeTruthy();
  });

  /** Opens the Reject dialog of the one pending VIP request; the server refuses every rejection with `refusal`. */
  async function openVipRejection(refusal: { code: ErrorCode; message: string }) {
    const rejections: unknown[] = [];
    servePanel({
      'admin.vip.pending': () => ({ data: [vipRequest] }),
      'admin.vip.reject': (input) => {
        rejections.push(input);
        return { error: refusal };
      },
    });
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'VIP Approvals' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    return { rejections, dialog: await screen.findByRole('dialog', { name: 'Reject VIP request' }) };
  }

  it('rejects a VIP request only with a reason, and says so when the server refuses', async () => {
    const { rejections, dialog } = await openVipRejection({
      code: 'CONFLICT',
      message: 'Too late: the reference was used by another request',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason for the rejection');
    expect(rejections).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Reference not found in G-CASH');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Request' }));

    await screen.findByText('Too late: the reference was used by another request');
    expect(rejections).toEqual([{ id: 'vip-request-1', reason: 'Reference not found in G-CASH' }]);
    // A refusal keeps the dialog open for another try.
    expect(screen.getByRole('dialog', { name: 'Reject VIP request' })).toBeTruthy();
  });

  it("refuses a reason longer than the server keeps, in the server's words, before sending it", async () => {
    const { rejections, dialog } = await openVipRejection({ code: 'BAD_REQUEST', message: staffMessages.admin.reasonTooLong });
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(staffMessages.admin.reasonTooLong);
    expect(rejections).toEqual([]);
  });

  it('takes a request someone already decided as news: the list reloads, nothing failed', async () => {
    let decided = false;
    servePanel({
      'admin.vip.pending': () => ({ data: decided ? [] : [vipRequest] }),
      'admin.vip.approve': () => {
        decided = true;
        return { error: { code: 'CONFLICT', message: 'Already approved', details: { decided: 'approved' } } };
      },
    });
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'VIP Approvals' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve VIP' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start VIP 300' }));

    await screen.findByText('Already approved');
    expect(screen.getByText('Nothing to do')).toBeTruthy();
    expect(screen.queryByText('Error')).toBeNull();
    expect(await screen.findByText('No pending VIP approvals')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('approves a payout, showing the account type, with a success toast', async () => {
    const decisions = servePayoutDecisions();
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));

    const row = (await screen.findByText('Gina Tan')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('₱200.00');
    expect(row.textContent).toContain('VIP (VIP 500)');
    // Requested at 02:00 UTC: 10:00 in the morning in Manila, whatever the browser's own time zone.
    expect(row.textContent).toContain('Nov 20, 2026, 10:00 AM');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve Payout of Gina Tan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve payout?' });
    expect(confirm.textContent).toContain('Pay ₱200.00 to gina@example.com by G-CASH 0917•••0199?');
    expect(decisions).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay ₱200.00' }));

    await screen.findByText('Payout approved successfully');
    expect(decisions).toEqual([{ id: 'payout-1', status: 'approved' }]);
    expect(await screen.findByText('No pending payout requests')).toBeTruthy();
  });

  it('marks a payout whose member is one of a cluster, and says so before it is approved', async () => {
    servePanel({
      'admin.payouts.pending': () => ({
        data: [payout, { ...payout, id: 'payout-2', userId: 'user-4', firstName: 'Ria', email: 'ria@example.com', clusterSize: 5 }],
      }),
    });
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));

    const alone = (await screen.findByText('Gina Tan')).closest('tr') as HTMLElement;
    const clustered = screen.getByText('Ria Tan').closest('tr') as HTMLElement;
    expect(within(clustered).getByText('Cluster of 5')).toBeTruthy();
    expect(within(alone).queryByText(/Cluster of/)).toBeNull();

    await userEvent.click(within(clustered).getByRole('button', { name: 'Approve Payout of Ria Tan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve payout?' });
    expect(confirm.textContent).toContain('This account is one of a cluster of 5 linked accounts.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(alone).getByRole('button', { name: 'Approve Payout of Gina Tan' }));
    expect((await screen.findByRole('dialog', { name: 'Approve payout?' })).textContent).not.toContain('cluster');
  });

  it('sends one decision for a double press: the confirm button is busy until the server answers', async () => {
    const decisions = servePayoutDecisions();
    const answer = holdCalls('admin.payouts.decide');
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Payout of Gina Tan' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approve payout?' }));
    const pay = confirm.getByRole('button', { name: 'Pay ₱200.00' }) as HTMLButtonElement;

    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    expect(pay.disabled).toBe(true);
    answer();

    await screen.findByText('Payout approved successfully');
    expect(decisions).toEqual([{ id: 'payout-1', status: 'approved' }]);
  });

  it('declines a payout only with a reason, which it sends', async () => {
    const decisions = servePayoutDecisions();
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline payout of Gina Tan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline payout?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline payout' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason for declining: the member sees it');
    expect(decisions).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Name does not match the G-CASH account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline payout' }));
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
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));
    const row = (await screen.findByText('Gina Tan')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Destination 0917•••0199 also used by 2 other accounts');
    expect(row.textContent).toContain('Also used by alt1@example.com, alt2@example.com');
  });

  it('asks for both title and message before sending a global notification', async () => {
    const sent: unknown[] = [];
    servePanel({
      'admin.notifications.send': (input) => {
        sent.push(input);
        return { data: {} };
      },
    });
    renderAt('/admin-portal');

    await userEvent.click(await screen.findByRole('button', { name: 'Send Global Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Global Notification' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Payout day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Notification' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please fill in both title and message');
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Message'), 'Payouts go out today.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Notification' }));

    await screen.findByText('Global notification sent successfully');
    expect(sent).toEqual([{ title: 'Payout day', message: 'Payouts go out today.', type: 'info', isGlobal: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
      'admin.vip.approveForUser': (input) => {
        approved.push(input);
        return { data: adminUser({ vipTier: 'VIP300' }) };
      },
    });
    renderAt('/admin/users?filter=pending');

    await userEvent.click(await screen.findByRole('button', { name: 'Approve VIP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve VIP request?' });
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
      'admin.users.list': (input) => {
        calls.push(input);
        return { data: { items: [adminUser({})], total: 1 } };
      },
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
    await userEvent.click(await screen.findByRole('button', { name: 'Set Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set account status' });
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

describe('popup form', () => {
  it('lists each popup with its window in Manila date and time', async () => {
    servePanel({
      'admin.popups.list': () => ({
        data: [
          adminPopupSchema.parse({
            id: 'popup-1',
            title: 'Holiday bonus',
            description: '',
            content: 'You are welcome',
            url: null,
            duration: 30,
            isActive: true,
            startDate: '2026-12-24T16:00:00.000Z',
            endDate: '2026-12-26T15:59:00.000Z',
            createdAt: '2026-11-20T02:00:00.000Z',
            updatedAt: '2026-11-20T02:00:00.000Z',
          }),
        ],
      }),
    });
    renderAt('/admin/popups');

    const table = await screen.findByRole('table', { name: 'Popup messages' });
    const row = (await within(table).findByText('Holiday bonus')).closest('tr') as HTMLElement;
    // Midnight of the 25th to 11:59 PM of the 26th in Manila (UTC+8), not the UTC days before.
    expect(row.textContent).toContain('Dec 25, 2026, 12:00 AM');
    expect(row.textContent).toContain('Dec 26, 2026, 11:59 PM');
  });

  it('shows the popup rules of the spec before saving', async () => {
    const created: unknown[] = [];
    servePanel({
      'admin.popups.list': () => ({ data: [] }),
      'admin.popups.create': (input) => {
        created.push(input);
        return { data: {} };
      },
    });
    renderAt('/admin/popups');

    expect(await screen.findByText('No popup messages found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Popup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Popup' });
    expect((within(dialog).getByLabelText('Duration (seconds)') as HTMLInputElement).value).toBe('30');

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hi');
    await userEvent.type(within(dialog).getByLabelText('Content (HTML)'), 'Yo');
    await userEvent.type(within(dialog).getByLabelText('Link URL (optional)'), 'not a url');
    const duration = within(dialog).getByLabelText('Duration (seconds)');
    await userEvent.clear(duration);
    await userEvent.type(duration, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Popup' }));

    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Title must be at least 3 characters',
      'Content must be at least 5 characters',
      'Please enter a valid URL',
      'Duration must be at least 5 seconds',
    ]);

    await userEvent.clear(duration);
    await userEvent.type(duration, '301');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Popup' }));
    expect(within(dialog).getByText('Duration cannot exceed 5 minutes')).toBeTruthy();
    expect(created).toEqual([]);

    // Fixed, it is sent as typed: the link blank is none, the start an instant.
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Holiday bonus');
    await userEvent.type(within(dialog).getByLabelText('Content (HTML)'), 'u are welcome');
    await userEvent.clear(within(dialog).getByLabelText('Link URL (optional)'));
    await userEvent.clear(duration);
    await userEvent.type(duration, '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Popup' }));
    await screen.findByText(staffMessages.admin.screens.popupCreated);
    expect(created).toEqual([
      {
        title: 'Holiday bonus',
        description: '',
        content: 'You are welcome',
        url: null,
        duration: '45',
        isActive: true,
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/),
        endDate: null,
      },
    ]);
  });
});

describe('support inbox', () => {
  /** The inbox with one conversation, Maria's. */
  const inboxWithMaria = (lastMessage: string, unread: number) => ({
    data: {
      items: [{ userId: 'user-1', email: 'maria.santos@example.com', lastMessage, lastAt: '2026-11-20T02:00:00.000Z', unread }],
      total: 1,
    },
  });

  it("refuses an empty reply under the box, and sends the member's reply once it has words", async () => {
    const replies: unknown[] = [];
    servePanel({
      'admin.support.conversations': () => inboxWithMaria('Where is my payout?', 1),
      'admin.support.thread': () => ({
        data: [
          supportMessageSchema.parse({
            id: 'message-1',
            message: 'Where is my payout?',
            isUserMessage: true,
            createdAt: '2026-11-20T01:30:00.000Z',
            isRead: false,
          }),
        ],
      }),
      'admin.support.reply': (input) => {
        replies.push(input);
        return {
          data: supportMessageSchema.parse({
            id: 'message-2',
            message: 'It was sent today.',
            isUserMessage: false,
            createdAt: '2026-11-20T03:00:00.000Z',
            isRead: false,
          }),
        };
      },
    });
    renderAt('/admin/support');
    const conversation = await screen.findByRole('button', { name: /maria\.santos@example\.com/ });
    // The last message's time, and each message's, in Manila.
    expect(conversation.textContent).toContain('Nov 20, 2026, 10:00 AM');
    await userEvent.click(conversation);
    const box = (await screen.findByLabelText('Reply to maria.santos@example.com')) as HTMLTextAreaElement;
    expect((await screen.findByText('Nov 20, 2026, 9:30 AM')).textContent).toBe('Nov 20, 2026, 9:30 AM');

    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.support.messageEmpty);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(replies).toEqual([]);

    await userEvent.type(box, 'It was sent today.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    await screen.findByText(staffMessages.admin.screens.replySent);
    expect(replies).toEqual([{ userId: 'user-1', message: 'It was sent today.' }]);
    expect(box.value).toBe('');
  });
  it('opens a long conversation at its latest messages and shows earlier ones above on request', async () => {
    const threadInputs: unknown[] = [];
    const numbered = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, index) =>
        supportMessageSchema.parse({
          id: `message-${from + index}`,
          message: `Question ${from + index}`,
          isUserMessage: true,
          createdAt: '2026-11-20T01:30:00.000Z',
          isRead: true,
        }),
      );
    servePanel({
      'admin.support.conversations': () => inboxWithMaria('Question 60', 0),
      'admin.support.thread': (input) => {
        threadInputs.push(input);
        return (input as { cursor?: string }).cursor === 'message-11'
          ? { data: { items: numbered(1, 10), hasEarlier: false, unreadReplies: 0 } }
          : { data: { items: numbered(11, 60), hasEarlier: true, unreadReplies: 0 } };
      },
    });
    renderAt('/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: /maria\.santos@example\.com/ }));
    const messagesList = await screen.findByRole('list', { name: 'Messages with maria.santos@example.com' });
    await waitFor(() => expect(within(messagesList).getAllByRole('listitem')).toHaveLength(50));

    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));

    await waitFor(() => expect(within(messagesList).getAllByRole('listitem')).toHaveLength(60));
    expect(within(messagesList).getAllByRole('listitem')[0]?.textContent).toContain('Question 1');
    expect(threadInputs).toEqual([
      { userId: 'user-1', limit: 50, direction: 'forward' },
      { userId: 'user-1', limit: 50, cursor: 'message-11', direction: 'forward' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });
});

describe('transactions tab', () => {
  it('names each row’s member by e-mail, with the start of their id', async () => {
    const userId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    servePanel({
      'admin.transactions': () => ({
        data: {
          items: [
            {
              id: 'b1a9e2c4-0000-4000-8000-000000000001',
              createdAt: '2026-11-22T07:05:00.000Z',
              userId,
              userEmail: 'juan@example.com',
              type: 'earning',
              description: 'Task completed: Read Blog',
              transactionReference: null,
              amount: '1.20',
              status: 'completed',
            },
          ],
          total: 1,
        },
      }),
    });
    renderAt('/admin/panel');
    await userEvent.click(await screen.findByRole('tab', { name: 'Transactions' }));

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const row = (await within(table).findByText('juan@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByTitle(userId).textContent).toBe('7c9e6679…');
    expect(row.textContent).toContain('₱1.20');
  });
});

describe('task list', () => {
  it('shows the tasks a page at a time, newest first as the server orders them', async () => {
    const asked: unknown[] = [];
    const task = (index: number) =>
      adminTaskSchema.parse({
        id: `task-${index}`,
        title: `Partner site ${index}`,
        description: '',
        url: `https://partner${index}.example.com`,
        reward: '1.50',
        requiredVipTier: null,
        isActive: index % 2 === 0,
        createdAt: '2026-11-20T02:00:00.000Z',
        updatedAt: '2026-11-20T02:00:00.000Z',
      });
    servePanel({
      'admin.tasks.list': pagesOf(
        Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, index) => task(index)),
        asked,
      ),
    });
    renderAt('/admin/tasks');

    const table = await screen.findByRole('table', { name: 'Tasks' });
    await within(table).findByText('Partner site 0');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(ADMIN_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(`Partner site ${ADMIN_PAGE_SIZE}`)).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    // The pager is below the list: on a phone the next page would otherwise open at the page's footer.
    expect(scrolled.mock.contexts.map((element) => (element as Element).contains(table))).toEqual([true]);
    scrolled.mockRestore();
    expect(asked).toEqual([
      { page: 1, pageSize: ADMIN_PAGE_SIZE },
      { page: 2, pageSize: ADMIN_PAGE_SIZE },
    ]);
  });
});

describe('task form', () => {
  it('shows the task rules under their fields before saving, then sends the task as typed', async () => {
    const created: unknown[] = [];
    servePanel({
      'admin.tasks.list': () => ({ data: [] }),
      'admin.plans.list': () => ({ data: [] }),
      'admin.tasks.create': (input) => {
        created.push(input);
        return {
          data: adminTaskSchema.parse({
            id: 'task-1',
            title: 'Visit the shop',
            description: '',
            url: 'https://shop.example.com',
            reward: '2.50',
            requiredVipTier: null,
            isActive: true,
            createdAt: '2026-11-20T02:00:00.000Z',
            updatedAt: '2026-11-20T02:00:00.000Z',
          }),
        };
      },
    });
    renderAt('/admin/tasks');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });

    await userEvent.type(within(dialog).getByLabelText('Website URL'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Task' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([staffMessages.admin.taskTitleRequired, staffMessages.admin.taskUrlInvalid, staffMessages.admin.taskRewardRequired]);
    expect(created).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Visit the shop');
    await userEvent.clear(within(dialog).getByLabelText('Website URL'));
    await userEvent.type(within(dialog).getByLabelText('Website URL'), 'https://shop.example.com');
    await userEvent.type(within(dialog).getByLabelText('Reward (₱)'), '2.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Task' }));
    await screen.findByText(staffMessages.admin.screens.taskSaved);
    expect(created).toEqual([
      {
        title: 'Visit the shop',
        description: '',
        url: 'https://shop.example.com',
        reward: '2.50',
        requiredVipTier: 'FREE',
        isActive: true,
      },
    ]);
  });
});

describe('VIP plan editor', () => {
  const plan: AdminPlan = adminPlanSchema.parse({
    id: 'plan-1',
    planName: 'VIP 300',
    price: '300.00',
    dailyTaskLimit: 10,
    taskReward: '5.00',
    validityDays: 15,
    isActive: true,
  });

  it('shows a rule a figure breaks under it and sends nothing, then saves the figures as typed', async () => {
    const updates: unknown[] = [];
    servePanel({
      'admin.plans.list': () => ({ data: [plan] }),
      'admin.plans.update': (input) => {
        updates.push(input);
        return { data: plan };
      },
    });
    renderAt('/admin-portal');
    await userEvent.click(await screen.findByRole('tab', { name: 'VIP Plans' }));
    const row = (await screen.findByText('VIP 300')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));

    const limit = within(row).getByLabelText('Daily task limit');
    await userEvent.clear(limit);
    await userEvent.type(limit, '1001');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(staffMessages.admin.dailyTaskLimitInvalid);
    expect(updates).toEqual([]);

    await userEvent.clear(limit);
    await userEvent.type(limit, '12');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await screen.findByText(staffMessages.admin.screens.planUpdated);
    expect(updates).toEqual([{ planId: 'plan-1', price: '300.00', taskReward: '5.00', dailyTaskLimit: '12', validityDays: '15' }]);
    await waitFor(() => expect(within(row).queryByLabelText('Daily task limit')).toBeNull());
  });
});

describe('creating a notification', () => {
  it('shows the notification rules under their fields, asks for a member when it is not for everyone, then sends it', async () => {
    const created: unknown[] = [];
    servePanel({
      'admin.notifications.all': () => ({ data: { items: [], total: 0 } }),
      'admin.users.list': () => ({ data: { items: [adminUser({})], total: 1 } }),
      'admin.notifications.create': (input) => {
        created.push(input);
        return {
          data: {
            id: 'notification-1',
            title: 'Your payout',
            message: 'It is on its way.',
            type: 'success',
            isGlobal: false,
            createdAt: '2026-11-20T02:00:00.000Z',
            expiresAt: null,
            userId: 'user-1',
            readCount: 0,
          },
        };
      },
    });
    renderAt('/admin/notifications');
    const create = await screen.findByRole('button', { name: 'Create Notification' });

    await userEvent.click(create);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      messages.notifications.titleRequired,
      messages.notifications.messageRequired,
    ]);
    expect(created).toEqual([]);

    await userEvent.type(screen.getByLabelText('Title'), 'Your payout');
    await userEvent.type(screen.getByLabelText('Message'), 'It is on its way.');
    await userEvent.click(screen.getByRole('switch', { name: 'Send to all members' }));
    await userEvent.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.notifications.targetRequired);
    expect(created).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Choose User' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Choose a user' })).findByRole('button', {
        name: /maria\.santos@example\.com/,
      }),
    );
    expect(screen.getByText('maria.santos@example.com')).toBeTruthy();
    await userEvent.click(create);
    await screen.findByText(staffMessages.admin.screens.notificationCreated);
    expect(created).toEqual([
      { title: 'Your payout', message: 'It is on its way.', type: 'info', isGlobal: false, targetUserId: 'user-1', expiresAt: null },
    ]);
  });
});

describe('managing notifications', () => {
  it('asks the server for a page of the notifications members can still see, and pages on', async () => {
    const asked: unknown[] = [];
    const notice = (index: number) =>
      adminNotificationSchema.parse({
        id: `notification-${index}`,
        title: `Notice ${index}`,
        message: 'Your payout was declined.',
        type: 'warning',
        isGlobal: false,
        createdAt: '2026-11-20T02:00:00.000Z',
        expiresAt: null,
        userId: 'user-1',
        readCount: 0,
      });
    servePanel({
      'admin.notifications.all': pagesOf(
        Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, index) => notice(index)),
        asked,
      ),
    });
    renderAt('/admin/notifications');
    await userEvent.click(await screen.findByRole('tab', { name: 'Manage Notifications' }));

    const table = await screen.findByRole('table', { name: 'Active notifications' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(ADMIN_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(`Notice ${ADMIN_PAGE_SIZE}`)).toBeTruthy();
    expect(asked).toEqual([
      { page: 1, pageSize: ADMIN_PAGE_SIZE, filter: 'active' },
      { page: 2, pageSize: ADMIN_PAGE_SIZE, filter: 'active' },
    ]);
  });
});

describe('a session that ends while the admin panel is open', () => {
  afterEach(() => window.history.replaceState(null, '', '/admin/'));

  it('says so, keeps the page, and signs in again back to the same page', async () => {
    // The dialog reads the address bar for the way back, as the browser has it.
    window.history.replaceState(null, '', '/admin/users?filter=vip');
    servePanel({ 'admin.users.list': () => ({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } }) });
    renderAt('/admin/users?filter=vip');

    const dialog = within(await screen.findByRole('dialog', { name: 'Your session has ended' }));
    expect(dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fadmin%2Fusers%3Ffilter%3Dvip');
    expect(screen.getByRole('heading', { level: 1, name: 'User Management', hidden: true })).toBeTruthy();
  });
});
