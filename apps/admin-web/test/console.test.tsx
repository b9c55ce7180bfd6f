import { type PayoutBatchResult, type PendingPayout, pendingPayoutSchema } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectShows, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';

useMockServer();

/*
 * The one admin console (docs/screens.md#admin-console): the queue counts beside the navigation, the
 * keyboard, and a batch of payouts approved in one confirmation with the flagged left out.
 */

function pendingPayout(id: string, name: string, amount: string, overrides: Partial<PendingPayout> = {}): PendingPayout {
  const [firstName, lastName] = name.split(' ');
  return pendingPayoutSchema.parse({
    id,
    userId: `user-${id}`,
    firstName,
    lastName,
    amount,
    paymentMethod: 'G-CASH',
    paymentDetails: `0917 555 01${id.slice(-2)} · ${name}`,
    destination: null,
    maskedDestination: `0917•••01${id.slice(-2)}`,
    status: 'pending',
    createdAt: '2026-11-20T02:00:00.000Z',
    vipTier: 'FREE',
    email: `${firstName?.toLowerCase()}@example.com`,
    flags: [],
    linkedAccounts: [],
    clusterSize: 1,
    ...overrides,
  });
}

const ana = pendingPayout('payout-01', 'Ana Cruz', '200.00');
const ben = pendingPayout('payout-02', 'Ben Reyes', '150.50', { paymentMethod: 'PAYMAYA' });
const flagged = pendingPayout('payout-03', 'Cora Lim', '300.00', {
  flags: [{ code: 'shared_destination', text: 'Destination 0917•••0103 also used by 1 other account' }],
});

/** The payouts area with the three payouts until a batch decides some; records the batches sent. */
function servePayouts(answer: (input: { payouts: { id: string }[] }) => PayoutBatchResult) {
  const batches: unknown[] = [];
  const decided = new Set<string>();
  serveSession(unlockedAdmin, {
    'admin.queueCounts': () => ({
      data: { pendingPayouts: 3 - decided.size, pendingVip: 4, heldReferrals: 1, unreadSupport: 2, riskHigh: 0, unsentPayouts: 0 },
    }),
    'admin.payouts.pending': () => {
      const items = [ana, ben, flagged].filter((payout) => !decided.has(payout.id));
      return { data: { items, total: items.length } };
    },
    'admin.payouts.decideBatch': (input) => {
      batches.push(input);
      const result = answer(input as { payouts: { id: string }[] });
      for (const payout of result.decided) decided.add(payout.id);
      return { data: result };
    },
  });
  return batches;
}

/** On the payouts page, ticks the payout of `name` alone and presses `action`: the dialog named `dialog` that asks first. */
async function tickOneAndPress(name: string, action: string, dialog: string): Promise<HTMLElement> {
  renderAt('/admin/payouts');
  await userEvent.click(await screen.findByRole('checkbox', { name: `Select the payout of ${name}` }));
  await userEvent.click(screen.getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: dialog });
}

describe('the console', () => {
  it('shows how much each queue holds beside its area', async () => {
    servePayouts(() => ({ status: 'approved', decided: [], refused: [] }));
    renderAt('/admin/payouts');
    const areas = await screen.findByRole('navigation', { name: 'Admin areas' });
    await waitFor(() => expect(within(areas).getByRole('link', { name: /^Payouts/ }).textContent).toBe('Payouts 3 pending'));
    expect(within(areas).getByRole('link', { name: /^VIP approvals/ }).textContent).toBe('VIP approvals 4 pending');
    expect(within(areas).getByRole('link', { name: /^Held referrals/ }).textContent).toBe('Held referrals 1 held');
    expect(within(areas).getByRole('link', { name: /^Support/ }).textContent).toBe('Support 2 unread');
    expect(within(areas).getByRole('link', { name: /^Risk/ }).textContent).toBe('Risk 0 high risk');
    expect(within(areas).getByRole('link', { name: /^Users/ }).textContent).toBe('Users');
  });

  it('approves a batch in one confirmation, leaving the flagged out, and says what was refused and why', async () => {
    const batches = servePayouts(() => ({
      status: 'approved',
      decided: [{ id: ana.id, amount: '200.00', paymentMethod: 'G-CASH' }],
      refused: [{ id: ben.id, code: 'already_decided', message: 'Already approved' }],
    }));
    renderAt('/admin/payouts');
    await screen.findByText('Cora Lim');

    await userEvent.click(screen.getByRole('checkbox', { name: /All on this page/ }));
    expect((screen.getByRole('checkbox', { name: 'Select the payout of Cora Lim' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 selected · ₱350.50')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));

    const confirm = await screen.findByRole('dialog', { name: 'Approve 2 payouts?' });
    expectShows(confirm, ['2 payouts, ₱350.50 in all, by GCash ×1, Maya ×1.', '1 flagged or held on this page is left out.']);
    expect(batches).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay ₱350.50' }));

    const result = await screen.findByRole('heading', { name: 'Approved 1, refused 1' });
    expect(batches).toEqual([
      {
        status: 'approved',
        payouts: [
          { id: ana.id, amount: '200.00', flagged: false },
          { id: ben.id, amount: '150.50', flagged: false },
        ],
      },
    ]);
    const outcome = result.closest('[aria-labelledby]') as HTMLElement;
    expect(within(outcome).getByRole('list', { name: 'Approved' }).textContent).toBe('Approved: ana@example.com, ₱200.00 by GCash');
    expect(within(outcome).getByRole('list', { name: 'Refused' }).textContent).toBe(
      'Refused (already decided): ben@example.com. Already approved',
    );
    // The focus is on the result, not lost; the live region says what left the queue.
    await waitFor(() => expect(document.activeElement).toBe(result));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Console announcements' }).textContent).toBe(
        '1 payout approved and gone from the queue; 1 payout refused.',
      ),
    );
    await waitFor(() => expect(screen.queryByText('Ana Cruz')).toBeNull());
  });

  it('takes a flagged payout into a batch only when ticked on its own, and says so', async () => {
    const batches = servePayouts(() => ({ status: 'approved', decided: [], refused: [] }));
    const confirm = await tickOneAndPress('Cora Lim', 'Approve selected', 'Approve 1 payout?');
    expect(confirm.textContent).toContain('1 flagged or held, ticked one by one, is included.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay ₱300.00' }));
    await waitFor(() => expect(batches).toEqual([{ status: 'approved', payouts: [{ id: flagged.id, amount: '300.00', flagged: true }] }]));
  });

  it('declines a batch only with one reason, sent for all', async () => {
    const batches = servePayouts(() => ({ status: 'declined', decided: [], refused: [] }));
    const confirm = await tickOneAndPress('Ana Cruz', 'Decline selected', 'Decline 1 payout?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Decline 1 payout' }));
    expect(await within(confirm).findByText('Please give a reason for declining: the member sees it')).toBeTruthy();
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Number not registered');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Decline 1 payout' }));
    await waitFor(() =>
      expect(batches).toEqual([
        { status: 'declined', reason: 'Number not registered', payouts: [{ id: ana.id, amount: '200.00', flagged: false }] },
      ]),
    );
  });

  it('answers the keyboard: / searches, j and k walk the rows, Enter opens one, ? lists the keys', async () => {
    servePayouts(() => ({ status: 'approved', decided: [], refused: [] }));
    renderAt('/admin/payouts');
    await screen.findByText('Cora Lim');
    const table = screen.getByRole('table', { name: 'Pending payout requests' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr');

    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search payouts' }));
    (document.activeElement as HTMLElement).blur();

    await userEvent.keyboard('j');
    expect(document.activeElement).toBe(rowOf('Ana Cruz'));
    await userEvent.keyboard('jj');
    expect(document.activeElement).toBe(rowOf('Cora Lim'));
    await userEvent.keyboard('k');
    expect(document.activeElement).toBe(rowOf('Ben Reyes'));

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Approve payout?' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(
      within(help)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['/', 'j', 'k', 'Enter', '?']);
  });

  it('keeps the focus in the queue when a decided row leaves it, and says so in the live region', async () => {
    const decided = new Set<string>();
    serveSession(unlockedAdmin, {
      'admin.payouts.pending': () => {
        const items = [ana, ben].filter((payout) => !decided.has(payout.id));
        return { data: { items, total: items.length } };
      },
      'admin.payouts.decide': (input) => {
        decided.add((input as { id: string }).id);
        return { data: {} };
      },
    });
    renderAt('/admin/payouts');
    const table = await screen.findByRole('table', { name: 'Pending payout requests' });
    await within(table).findByText('Ana Cruz');

    await userEvent.click(within(table).getByRole('button', { name: 'Approve Payout of Ana Cruz' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve payout?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Pay ₱200.00' }));

    await waitFor(() => expect(within(table).queryByText('Ana Cruz')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(table).getByText('Ben Reyes').closest('tr')));
    expect(screen.getByRole('status', { name: 'Console announcements' }).textContent).toBe(
      'Payout approved successfully. The payout of Ana Cruz has left the queue.',
    );
  });

  it('offers each method’s file of approved payouts and marks exactly its payouts sent, once confirmed', async () => {
    const marked: unknown[] = [];
    const asOf = '2026-11-20T03:00:00.000Z';
    serveSession(unlockedAdmin, {
      'admin.payouts.pending': () => ({ data: { items: [], total: 0 } }),
      'admin.payouts.unsent': () => ({
        data: {
          asOf,
          methods: marked.length
            ? []
            : [{ method: 'G-CASH', count: 2, total: '350.50', payoutIds: ['payout-01', 'payout-02'], more: false }],
        },
      }),
      'admin.payouts.markSent': recordingInto(marked, { data: { marked: ['payout-01', 'payout-02'], skipped: [] } }),
    });
    renderAt('/admin/payouts');

    const file = await screen.findByRole('link', { name: 'CSV for GCash' });
    expect(file.getAttribute('href')).toBe(`/api/admin/payouts/unsent.csv?method=G-CASH&asOf=${encodeURIComponent(asOf)}`);
    expect(screen.getByText('2 payouts, ₱350.50')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark 2 sent' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark 2 payouts sent?' });
    expect(marked).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(marked).toEqual([{ ids: ['payout-01', 'payout-02'] }]));
    expect(await screen.findByText('Every approved payout has been marked sent.')).toBeTruthy();
  });
});
