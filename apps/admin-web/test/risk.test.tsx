import { type HeldReferral, heldReferralSchema, type RiskQueueItem, riskQueueItemSchema, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectShows, findRow, openDialog, refusedEmptyThenSent, renderAt, serveSession, unlockedAdmin, useMockServer } from './kit';
import { adminStats } from './panel-fixtures';

useMockServer();

const flagged: RiskQueueItem[] = [
  riskQueueItemSchema.parse({
    userId: 'user-5',
    email: 'alt5@example.com',
    score: 100,
    reasons: [
      { code: 'shared_device', text: 'Shares a device with 4 accounts' },
      { code: 'shared_destination', text: 'Shares payout destination 0917•••4567 with 4 accounts' },
    ],
    payoutHold: null,
  }),
  riskQueueItemSchema.parse({
    userId: 'user-9',
    email: 'cafe@example.com',
    score: 15,
    reasons: [{ code: 'shared_address', text: 'Signed in from the same address as 2 accounts within 24 hours' }],
    payoutHold: null,
  }),
];

// What ties one account to another, as the risk review lists it.
const sameDevice = { kind: 'device', value: 'a device' } as const;
const sameDestination = { kind: 'destination', value: '0917•••4567' } as const;
const sameTraits = { kind: 'traits', value: 'browser traits' } as const;

const heldBonus: HeldReferral = heldReferralSchema.parse({
  id: 'referral-1',
  sponsor: { userId: 'user-1', email: 'alt1@example.com' },
  friend: { userId: 'user-2', email: 'alt2@example.com' },
  amount: '10.00',
  heldAt: '2026-11-22T07:05:00.000Z',
  reason: 'Linked to the sponsor when the friend completed a first task',
  links: [sameDevice],
});

function serveRisk(extra: Parameters<typeof serveSession>[1] = {}) {
  const holds: unknown[] = [];
  const reviews: unknown[] = [];
  let hold: { reason: string; since: string } | null = null;
  serveSession(unlockedAdmin, {
    'admin.stats': () => ({ data: adminStats({ totalUsers: 9, activeUsers: 9 }) }),
    'admin.risk.queue': () => ({ data: { items: flagged, total: 2 } }),
    'admin.risk.heldReferrals': () => ({ data: { items: reviews.length ? [] : [heldBonus], total: reviews.length ? 0 : 1 } }),
    'admin.risk.user': () => ({
      data: {
        score: 100,
        reasons: flagged[0]?.reasons ?? [],
        linkedAccounts: [
          { userId: 'user-1', email: 'alt1@example.com', via: [sameDevice] },
          { userId: 'user-2', email: 'alt2@example.com', via: [sameDevice, sameDestination] },
        ],
        cluster: {
          size: 3,
          capped: false,
          members: [
            { userId: 'user-5', email: 'alt5@example.com', ties: [sameTraits] },
            { userId: 'user-1', email: 'alt1@example.com', ties: [sameDevice] },
            { userId: 'user-2', email: 'alt2@example.com', ties: [sameTraits, sameDestination, sameDevice] },
          ],
        },
        payoutHold: hold,
      },
    }),
    'admin.risk.holdPayouts': (input) => {
      holds.push(input);
      hold = { reason: (input as { reason: string }).reason, since: '2026-11-24T02:00:00.000Z' };
      return { data: { userId: 'user-5', payoutHold: hold } };
    },
    'admin.risk.reviewReferral': recordingInto(reviews, { data: { id: 'referral-1', status: 'rejected' } }),
    ...extra,
  });
  return { holds, reviews };
}

async function openRisk() {
  renderAt('/admin/risk');
  return screen.findByRole('table', { name: 'Members at risk' });
}

describe('the Risk and Held referrals areas', () => {
  it('lists members by score, marked by level, with the reasons', async () => {
    serveRisk();
    const table = await openRisk();
    await within(table).findByText('alt5@example.com');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('alt5@example.com');
    expect(rows[1]?.textContent).toContain('100 · high');
    expect(rows[1]?.textContent).toContain('Shares payout destination 0917•••4567 with 4 accounts');
    expect(rows[2]?.textContent).toContain('15 · low');
  });

  it('shows a member’s linked accounts, and holds their payouts only with a reason', async () => {
    const { holds } = serveRisk();
    await openRisk();
    const review = await openDialog('Review alt5@example.com', 'alt5@example.com');
    expect(await within(review).findByText('Same device · Same payout destination 0917•••4567')).toBeTruthy();
    expect(within(review).getByText('Linked accounts (2)')).toBeTruthy();

    await userEvent.click(within(review).getByRole('button', { name: 'Hold payouts' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hold payouts?' });
    await refusedEmptyThenSent(confirm, holds, {
      button: 'Hold payouts',
      refusal: 'Please give a reason for the payout hold',
      value: 'Five accounts, one G-CASH number',
    });
    await screen.findByText('Payouts on hold');
    expect(holds).toEqual([{ id: 'user-5', hold: true, reason: 'Five accounts, one G-CASH number' }]);
    expect(await within(review).findByText(/On hold since Nov 24, 2026, 10:00 AM/)).toBeTruthy();
    expect(within(review).getByRole('button', { name: 'Release payouts' })).toBeTruthy();
  });

  it('shows the member’s cluster, each account with what ties it, strongest first', async () => {
    serveRisk();
    await openRisk();
    const review = await openDialog('Review alt5@example.com', 'alt5@example.com');
    const cluster = await within(review).findByRole('list', { name: 'Cluster of 3 accounts' });
    const members = within(cluster).getAllByRole('listitem');
    expect(members.map((member) => member.textContent)).toEqual([
      'alt5@example.comSame browser traits',
      'alt1@example.comSame device',
      'alt2@example.comSame device · Same payout destination 0917•••4567 · Same browser traits',
    ]);
    expect(within(review).queryByText(/The walk stopped/)).toBeNull();
  });

  it.each([
    { size: 1, capped: false, says: staffMessages.risk.clusterAlone },
    { size: 500, capped: true, says: 'The walk stopped at 500 accounts: more are linked.' },
  ])('says when a member is alone or the walk stopped before the end (size $size)', async ({ size, capped, says }) => {
    serveRisk({
      'admin.risk.user': () => ({
        data: {
          score: 0,
          reasons: [],
          linkedAccounts: [],
          cluster: { size, capped, members: [{ userId: 'user-5', email: 'alt5@example.com', ties: [] }] },
          payoutHold: null,
        },
      }),
    });
    await openRisk();
    const review = await openDialog('Review alt5@example.com', 'alt5@example.com');
    expect(await within(review).findByText(says)).toBeTruthy();
  });

  it('refuses a held referral bonus only with a reason, which it sends', async () => {
    const { reviews } = serveRisk();
    renderAt('/admin/referrals');
    const held = await screen.findByRole('table', { name: 'Held referral bonuses' });
    const row = await findRow('alt1@example.com', held);
    // The bonus, what ties the two accounts, and why it was held, for the admin who decides it.
    expectShows(row, ['₱10.00', 'Same device', 'Linked to the sponsor when the friend completed a first task']);
    await userEvent.click(within(row).getByRole('button', { name: 'Refuse the bonus of alt1@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refuse the referral bonus?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refuse bonus' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'Please give a reason for refusing the bonus: the sponsor sees it',
    );
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Both accounts are yours');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refuse bonus' }));
    await screen.findByText('Referral bonus refused');
    expect(reviews).toEqual([{ id: 'referral-1', decision: 'reject', reason: 'Both accounts are yours' }]);
    await waitFor(() => expect(within(held).queryByText('alt1@example.com')).toBeNull());
  });

  it('says when nobody is flagged', async () => {
    serveRisk({ 'admin.risk.queue': () => ({ data: { items: [], total: 0 } }) });
    await openRisk();
    expect(await screen.findByText('No member is flagged: no shared devices, payout destinations or addresses.')).toBeTruthy();
  });
});
