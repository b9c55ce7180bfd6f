import {
  COMMISSION_PER_PAYOUT_CENTAVOS,
  formatAmount,
  formatPesos,
  maskDestination,
  messages,
  noticeMessages,
  type Payout,
  type PayoutBatchRefusal,
  type PayoutDecision,
  type PayoutDestination,
  type PendingPayout,
  payoutMethodName,
  pluralize,
  staffMessages,
} from '@app/contracts';
import { type Db, type PayoutRow, postToLedger, type Tx } from '@app/db';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { recordCommission } from '../commission/ledger';
import { AppError, alreadyDecided, notFound } from '../lib/errors';
import { countTotal, inWindow, type ListRead, type QueueReader, type QueueWindow, queueTotal, searchingMembers } from '../lib/queue';
import { notifyMember } from '../notifications/service';
import { settlePendingBonus } from '../referrals/service';
import { refreshRiskScores } from '../risk/service';
import { effectiveTier, firstPlanEnd } from '../vip/tier';
import { toPayout } from './service';

/**
 * Payouts waiting for a decision, oldest first, one window of them, with who asked, whether their account
 * is VIP now, and what to know before paying: other accounts that used the same destination, a payout hold,
 * and how many accounts the member's cluster holds.
 */
export async function listAllPendingPayouts({ db, caches }: QueueReader, now: Date, window: QueueWindow): Promise<ListRead<PendingPayout>> {
  const waiting = db.selectFrom('payouts as p').where('p.status', '=', 'pending');
  const pending = waiting.innerJoin('users as u', 'u.id', 'p.userId').$call(searchingMembers(window.search));
  const [rows, total] = await Promise.all([
    pending
      .select([
        'p.id',
        'p.userId',
        'u.email',
        'u.firstName',
        'u.lastName',
        'p.amount',
        'p.paymentMethod',
        'p.paymentDetails',
        'p.details',
        'p.destination',
        'p.status',
        'p.createdAt',
        'u.vipTier',
        'u.vipExpiresAt',
        'u.vipDailyTaskLimit',
        'u.vipRewardPerTask',
        'u.payoutHoldReason',
      ])
      .select((eb) =>
        // Only a payout whose destination another account used has any (migration 0015): for the others the
        // read is never started, where a filter inside it would still set up its sort and aggregate per row.
        eb
          .case()
          .when('p.destinationShared', '=', true)
          .then(
            jsonArrayFrom(
              eb
                .selectFrom('accountSignals as s')
                .innerJoin('users as other', 'other.id', 's.userId')
                .select(['other.id as userId', 'other.email'])
                .where('s.kind', '=', 'destination')
                .whereRef('s.value', '=', 'p.destination')
                .whereRef('s.userId', '<>', 'p.userId')
                .orderBy('other.email'),
            ),
          )
          .else(sql<{ userId: string; email: string }[]>`'[]'::json`)
          .end()
          .as('linkedAccounts'),
      )
      // The member's cluster as last stored (docs/product-rules.md#fraud-rules); no row is a cluster of one.
      .select(
        sql<number>`(SELECT count(*)::int FROM account_clusters c
          WHERE c.cluster_id = (SELECT m.cluster_id FROM account_clusters m WHERE m.user_id = p.user_id))`.as('clusterSize'),
      )
      .orderBy('p.createdAt')
      .orderBy('p.id')
      .$call(inWindow(window))
      .execute(),
    // Without a search every payout counts (each has its member): the count reads the status index alone.
    queueTotal({ db, caches }, 'pending-payouts', window.search, () => countTotal(window.search === undefined ? waiting : pending)),
  ]);
  const items = rows.map((row) => {
    const flags: PendingPayout['flags'] = [];
    if (row.payoutHoldReason) flags.push({ code: 'payout_hold', text: `Payouts on hold: ${row.payoutHoldReason}` });
    if (!row.details) flags.push({ code: 'destination_unreadable', text: staffMessages.admin.destinationUnreadable });
    if (row.linkedAccounts.length > 0 && row.destination) {
      flags.push({
        code: 'shared_destination',
        text: `Destination ${maskDestination(row.destination)} also used by ${pluralize(row.linkedAccounts.length, 'other account')}`,
      });
    }
    return {
      id: row.id,
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      amount: formatAmount(row.amount),
      paymentMethod: row.paymentMethod,
      paymentDetails: row.paymentDetails,
      destination: row.details as PayoutDestination | null,
      maskedDestination: row.destination && maskDestination(row.destination),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      vipTier: effectiveTier(row, now).tier,
      flags,
      linkedAccounts: row.linkedAccounts,
      clusterSize: Math.max(1, row.clusterSize),
    };
  });
  const members = new Set(items.flatMap((item) => [item.userId, ...item.linkedAccounts.map((account) => account.userId)]));
  return {
    items,
    total,
    members: [...members],
    clusterMembers: [...new Set(items.map((item) => item.userId))],
    validUntil: firstPlanEnd(rows, now),
  };
}

/**
 * Locks the payout's member before the payout itself, the order every money call takes (a payout request
 * locks the member, then adds the payout): two admins deciding one payout, one approving and one
 * declining, would otherwise each hold what the other waits for. Then what must hold before an approval:
 * another admin than its member approves it (money an admin pays to themself needs a second pair of
 * eyes), and the member's payouts are not on hold, a hold set at the same moment being seen or waiting.
 */
async function lockMemberAndCheck(trx: Tx, payoutId: string, decision: PayoutDecision, actor: AdminActor): Promise<void> {
  const payout = await trx
    .selectFrom('payouts as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.userId', 'u.payoutHoldReason'])
    .where('p.id', '=', payoutId)
    .forNoKeyUpdate('u')
    .executeTakeFirst();
  if (!payout || decision !== 'approved') return;
  if (payout.userId === actor.adminId) throw payoutRefused('FORBIDDEN', 'own_payout', staffMessages.admin.ownPayout);
  if (payout.payoutHoldReason) throw payoutRefused('CONFLICT', 'held', staffMessages.risk.onHold);
}

/**
 * A decision refused for a reason a batch reports by name (docs/product-rules.md#batch-decisions): the code
 * is in `details.refused`, beside the status of an already decided payout's `details.decided`.
 */
export function payoutRefused(code: 'CONFLICT' | 'FORBIDDEN', refusal: PayoutBatchRefusal, message: string): AppError {
  return new AppError(code, message, { details: { refused: refusal } });
}

/** What an admin decides on a payout: a decline's reason, an approval's transfer reference (both optional in the type; the input schema requires the reason). */
export interface PayoutDecisionMade {
  status: PayoutDecision;
  reason?: string | undefined;
  transferReference?: string | undefined;
}

/** Where an approved payout went, as its notice says it: "GCash 0917•••4567", the method alone for details that could not be read. */
function sentTo(payout: PayoutRow): string {
  const method = payoutMethodName(payout.paymentMethod);
  return payout.destination ? `${method} ${maskDestination(payout.destination)}` : method;
}

/**
 * An admin's decision on a pending payout (docs/product-rules.md#decided-rules), inside the caller's transaction.
 * Approved: pending -> paid out, with the transfer's reference when the admin gave one, the operator earns the
 * payout commission, and a referral bonus the member's sponsor has pending is settled (released, or held when
 * the two are in one cluster: settlePendingBonus). Declined: pending -> available again. The member is told
 * either way (docs/product-rules.md#notices-of-money). Only a pending payout can be decided: the conditional
 * update lets one of two racing decisions through and the other finds it decided (409).
 */
export async function decidePayout(
  trx: Tx,
  payoutId: string,
  decision: PayoutDecisionMade,
  adminId: string,
  now: Date,
): Promise<{ payout: PayoutRow; ledgerRowId: string; referral: Awaited<ReturnType<typeof settlePendingBonus>> }> {
  const payout = await trx
    .updateTable('payouts')
    .set({
      status: decision.status,
      decidedBy: adminId,
      decidedAt: now,
      note: decision.reason || null,
      transferReference: (decision.status === 'approved' && decision.transferReference) || null,
    })
    .where('id', '=', payoutId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!payout) {
    const existing = await trx.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirst();
    throw existing ? alreadyDecided(existing.status) : notFound(staffMessages.admin.payoutNotFound);
  }

  // The request's own ledger row is left as it was written (its status is in its hash): the member's history
  // shows it with the payout's status (packages/api/src/transactions/service.ts). The decision's row records
  // the payout as decided (docs/product-rules.md#evidence).
  const posted = await postToLedger(trx, {
    userId: payout.userId,
    type: decision.status === 'approved' ? 'payout_approved' : 'payout_declined',
    amount: payout.amount,
    description: decision.status === 'approved' ? messages.ledger.payoutApproved(payout.paymentMethod) : messages.ledger.payoutDeclined,
    payoutId: payout.id,
    adminId,
    createdAt: now,
  });
  await notifyMember(trx, {
    userId: payout.userId,
    ...(decision.status === 'approved'
      ? {
          title: noticeMessages.payoutApprovedTitle,
          message: noticeMessages.payoutApprovedBody(formatPesos(payout.amount), sentTo(payout), payout.transferReference),
          type: 'success',
        }
      : {
          title: noticeMessages.payoutDeclinedTitle,
          message: noticeMessages.payoutDeclinedBody(formatPesos(payout.amount), decision.reason ?? ''),
          type: 'warning',
        }),
    adminId,
    link: '/payouts',
    now,
  });
  if (decision.status === 'approved') {
    await recordCommission(trx, {
      kind: 'payout',
      sourceId: payout.id,
      amount: COMMISSION_PER_PAYOUT_CENTAVOS,
      description: staffMessages.admin.payoutCommission(formatPesos(payout.amount)),
    });
  }
  const referral = decision.status === 'approved' ? await settlePendingBonus(trx, payout.userId, { adminId, now }) : null;
  return { payout, ledgerRowId: posted.id, referral };
}

/** Checks, inside the decision's transaction and after its member is locked, that the payout is still as the admin saw it. */
export type SeenCheck = (trx: Tx) => Promise<void>;

/**
 * One admin decision in its own transaction, logged in it (docs/product-rules.md#decided-rules): the single
 * decision and each payout of a batch come through here, so both refuse and record alike.
 */
export function decideAndLog(db: Db, payoutId: string, decision: PayoutDecisionMade, actor: AdminActor, now: Date, checkSeen?: SeenCheck) {
  return db.transaction().execute(async (trx) => {
    await lockMemberAndCheck(trx, payoutId, decision.status, actor);
    if (checkSeen) await checkSeen(trx);
    const decided = await decidePayout(trx, payoutId, decision, actor.adminId, now);
    const { payout, ledgerRowId } = decided;
    await logAdminAction(trx, actor, {
      action: decision.status === 'approved' ? 'approve_payout' : 'decline_payout',
      targetId: payout.id,
      details: {
        userId: payout.userId,
        amount: formatAmount(payout.amount),
        paymentMethod: payout.paymentMethod,
        ...(decision.reason ? { reason: decision.reason } : {}),
        ...(payout.transferReference ? { transferReference: payout.transferReference } : {}),
        ledgerRowId,
      },
    });
    return decided;
  });
}

/** Approves (with the transfer's reference, if given) or declines (with the reason the member is told) a pending payout, and logs it in the same transaction. */
export async function decidePayoutAsAdmin(
  db: Db,
  payoutId: string,
  decision: PayoutDecisionMade,
  actor: AdminActor,
  now: Date,
): Promise<Payout> {
  const { payout, referral } = await decideAndLog(db, payoutId, decision, actor, now);
  // A held bonus is a reason in the sponsor's review.
  if (referral?.outcome === 'held') await refreshRiskScores(db, [referral.sponsorId], now);
  return toPayout(payout);
}
