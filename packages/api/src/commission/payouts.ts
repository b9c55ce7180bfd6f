import {
  COMMISSION_PAYOUT_TRANSITIONS,
  type CommissionPayout,
  type CommissionPayoutStatus,
  type CommissionPayoutTarget,
  formatAmount,
  formatPesos,
  staffMessages,
} from '@app/contracts';
import type { CommissionPayoutsTable, Db } from '@app/db';
import { type Selectable, sql } from 'kysely';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { AppError, alreadyDecided, badRequest, forbidden, notFound } from '../lib/errors';
import { containing, type ListRead, type QueueReader, type QueueWindow, queueTotal } from '../lib/queue';
import { latestBalanceEditor, lockBalance, readFigures } from './ledger';

const m = staffMessages.commission;

type PayoutRow = Selectable<CommissionPayoutsTable>;

function toCommissionPayout(row: PayoutRow): CommissionPayout {
  return {
    id: row.id,
    amount: formatAmount(row.amount),
    paymentMethod: row.paymentMethod,
    accountDetails: row.accountDetails,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    notes: row.notes,
  };
}

/**
 * Commission payout requests, newest first; a search matches the method, the account details or the
 * status. The three joined (migration 0012's trigram index) hold whatever one of them holds, so the index
 * finds the few candidates, and the three matches then decide, as before.
 */
export async function listCommissionPayouts({ db, caches }: QueueReader, window: QueueWindow): Promise<ListRead<CommissionPayout>> {
  const pattern = window.search === undefined ? undefined : containing(window.search);
  const payouts = db.selectFrom('commissionPayouts').$if(pattern !== undefined, (query) =>
    query.where(
      sql<boolean>`(lower(payment_method || chr(10) || account_details || chr(10) || status) LIKE ${pattern}
          AND (lower(payment_method) LIKE ${pattern} OR lower(account_details) LIKE ${pattern} OR status LIKE ${pattern}))`,
    ),
  );
  const [rows, total] = await Promise.all([
    payouts.selectAll().orderBy('requestedAt', 'desc').orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    queueTotal({ db, caches }, 'commission-payouts', window.search, () =>
      payouts.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ),
  ]);
  return { items: rows.map(toCommissionPayout), total, members: [], validUntil: null };
}

/**
 * The operator's payout request: at most the balance, which is read under the balance lock so two
 * requests at once cannot overdraw it. The amount leaves the balance now and returns if rejected. The
 * admin whose stats edit last changed the balance is kept with the request, read under the same lock: that
 * admin may not approve it or mark it paid (docs/product-rules.md#admin-access).
 */
export async function requestCommissionPayout(
  db: Db,
  request: { amount: number; paymentMethod: string; accountDetails: string },
  now: Date,
): Promise<CommissionPayout> {
  return db.transaction().execute(async (trx) => {
    await lockBalance(trx);
    const { balance } = await readFigures(trx);
    if (request.amount > balance) throw badRequest(m.amountOverBalance(formatPesos(balance)));
    const balanceEditedBy = await latestBalanceEditor(trx);
    const row = await trx
      .insertInto('commissionPayouts')
      .values({
        amount: request.amount,
        paymentMethod: request.paymentMethod,
        accountDetails: request.accountDetails,
        requestedAt: now,
        balanceEditedBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCommissionPayout(row);
  });
}

const ACTIONS: Record<CommissionPayoutTarget, string> = {
  approved: 'approve_commission_payout',
  rejected: 'reject_commission_payout',
  paid: 'pay_commission_payout',
};

/**
 * Why an action on a commission payout was refused (409), given the status it has now. Every refusal
 * finds the payout already decided by another press or another admin, so each carries `decided`, which the
 * panel shows as news: "Already paid" for the same action again, else which status stops the action.
 */
function refusedAction(decided: CommissionPayoutStatus, target: CommissionPayoutTarget): AppError {
  if (decided === target) return alreadyDecided(decided);
  return new AppError('CONFLICT', m.transitionRefused(decided, target), { details: { decided } });
}

/**
 * An admin's action on a commission payout (docs/screens.md#states), with its fixed note. The update
 * applies only from the statuses the action may leave, so of two racing actions one finds the payout
 * already moved and is refused (409, refusedAction). Rejecting returns the amount to the balance. Four eyes
 * (docs/product-rules.md#admin-access): the admin whose stats edit last changed the balance before the
 * request may only reject it (403 otherwise), so no admin both writes pesos in and pays them out.
 */
export async function setCommissionPayoutStatus(
  db: Db,
  payoutId: string,
  { target, reason }: { target: CommissionPayoutTarget; reason?: string | undefined },
  actor: AdminActor,
  now: Date,
): Promise<CommissionPayout> {
  const notes = target === 'rejected' && reason ? m.rejectedNote(reason) : m.notes[target];
  return db.transaction().execute(async (trx) => {
    // Who edited the balance is written with the request and never changes, so it needs no lock.
    const payout = await trx.selectFrom('commissionPayouts').select('balanceEditedBy').where('id', '=', payoutId).executeTakeFirst();
    if (!payout) throw notFound(m.payoutNotFound);
    if (target !== 'rejected' && payout.balanceEditedBy === actor.adminId) throw forbidden(m.ownBalanceEdit);
    const row = await trx
      .updateTable('commissionPayouts')
      .set({ status: target, notes, ...(target === 'approved' ? {} : { processedAt: now }) })
      .where('id', '=', payoutId)
      .where('status', 'in', COMMISSION_PAYOUT_TRANSITIONS[target])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const existing = await trx.selectFrom('commissionPayouts').select('status').where('id', '=', payoutId).executeTakeFirstOrThrow();
      throw refusedAction(existing.status, target);
    }
    await logAdminAction(trx, actor, {
      action: ACTIONS[target],
      targetId: row.id,
      details: { amount: formatAmount(row.amount), paymentMethod: row.paymentMethod, notes: row.notes },
    });
    return toCommissionPayout(row);
  });
}
