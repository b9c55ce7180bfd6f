import { type PendingPayout, pendingPayoutSchema, staffMessages } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';
import { adminStats } from './panel-fixtures';

useMockServer();

const payout = (n: number): PendingPayout =>
  pendingPayoutSchema.parse({
    id: `payout-${n}`,
    userId: `user-${n}`,
    email: `member${n}@example.com`,
    firstName: 'Member',
    lastName: String(n),
    amount: '200.00',
    paymentMethod: 'G-CASH',
    paymentDetails: `0917 555 ${String(n).padStart(4, '0')} · Member ${n}`,
    destination: { method: 'G-CASH', mobile: `+63917555${String(n).padStart(4, '0')}`, accountName: `Member ${n}` },
    maskedDestination: `0917•••${String(n).padStart(4, '0')}`,
    status: 'pending',
    createdAt: '2026-11-20T02:00:00.000Z',
    vipTier: 'FREE',
    flags: [],
    linkedAccounts: [],
    clusterSize: 1,
  });

describe('the payouts queue', () => {
  it('asks the server for one page at a time, and searches it there', async () => {
    const asked: unknown[] = [];
    serveSession(unlockedAdmin, {
      'admin.stats': () => ({
        data: adminStats({ totalUsers: 120, activeUsers: 120, pendingPayouts: '24000.00', pendingPayoutCount: 120 }),
      }),
      'admin.payouts.pending': (input) => {
        asked.push(input);
        const { page, search } = input as { page: number; search?: string };
        if (search) return { data: { items: [payout(77)], total: 1 } };
        return { data: { items: Array.from({ length: 50 }, (_, i) => payout((page - 1) * 50 + i + 1)), total: 120 } };
      },
    });
    renderAt('/admin/payouts');
    const table = await screen.findByRole('table', { name: 'Pending payout requests' });
    await within(table).findByText('member1@example.com');
    expect(asked.at(-1)).toEqual({ page: 1, pageSize: 50 });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('member51@example.com');
    expect(asked.at(-1)).toEqual({ page: 2, pageSize: 50 });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search payouts' }), 'member77{Enter}');
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, pageSize: 50, search: 'member77' }));
    await within(table).findByText('member77@example.com');
    expect(within(table).queryByText('member51@example.com')).toBeNull();
  });
});

describe('a search that finds nothing', () => {
  const m = staffMessages.admin.screens;
  it.each([
    {
      queue: 'payouts',
      path: '/admin/payouts',
      procedure: 'admin.payouts.pending',
      search: 'Search payouts',
      text: m.payoutsQueue.noMatch,
    },
    {
      queue: 'VIP requests',
      path: '/admin/vip',
      procedure: 'admin.vip.pending',
      search: 'Search VIP requests',
      text: m.vipRequestsQueue.noMatch,
    },
    {
      queue: 'support conversations',
      path: '/admin/support',
      procedure: 'admin.support.conversations',
      search: 'Search conversations',
      text: m.conversationsNoMatch,
      rows: [{ userId: 'user-1', email: 'member1@example.com', lastMessage: 'Hello', lastAt: '2026-11-20T02:00:00.000Z', unread: 1 }],
    },
  ])('says so in the $queue queue', async ({ path, procedure, search, text, rows = [] }) => {
    serveSession(unlockedAdmin, {
      [procedure]: (input: unknown) => ({
        data: (input as { search?: string }).search ? { items: [], total: 0 } : { items: rows, total: rows.length },
      }),
    });
    renderAt(path);

    await userEvent.type(await screen.findByRole('searchbox', { name: search }), 'nobody{Enter}');
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
