import {
  type FileOutput,
  formatAmount,
  PAYOUT_BATCH_MAX,
  type PayoutDestination,
  type PayoutsSentResult,
  payoutMethodName,
  type UnsentPayouts,
} from '@app/contracts';
import type { Db } from '@app/db';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { csvStatement } from '../lib/csv';

/**
 * The approved payouts not yet marked sent (docs/product-rules.md#payouts-sent), the oldest decided first,
 * at most PAYOUT_BATCH_MAX of a method as of `asOf`: an export and the list the admin marks sent after it read
 * the same payouts, and a payout approved later waits for the next export.
 */
function unsent(db: Db, asOf: Date) {
  return db
    .selectFrom('payouts as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .where('p.status', '=', 'approved')
    .where('p.sentAt', 'is', null)
    .where('p.decidedAt', '<=', asOf);
}

/** Each method's unsent payouts as of `now`: how many, their total, and the ids one export of it holds. */
export async function listAllUnsentPayouts(db: Db, now: Date): Promise<UnsentPayouts> {
  const rows = await unsent(db, now)
    .select(['p.id', 'p.paymentMethod', 'p.amount'])
    .orderBy('p.paymentMethod')
    .orderBy('p.decidedAt')
    .orderBy('p.id')
    .execute();
  const methods = new Map<string, { count: number; total: number; payoutIds: string[] }>();
  for (const row of rows) {
    const method = methods.get(row.paymentMethod) ?? { count: 0, total: 0, payoutIds: [] };
    method.count += 1;
    method.total += row.amount;
    if (method.payoutIds.length < PAYOUT_BATCH_MAX) method.payoutIds.push(row.id);
    methods.set(row.paymentMethod, method);
  }
  return {
    asOf: now.toISOString(),
    methods: [...methods].map(([method, { count, total, payoutIds }]) => ({
      method,
      count,
      total: formatAmount(total),
      payoutIds,
      more: count > payoutIds.length,
    })),
  };
}

/** Where a transfer goes: the number, account, Pay ID or e-mail as the destination was read (a bank's name first); the stored text for one that could not be read. */
function transferTo(details: PayoutDestination | null, paymentDetails: string): string {
  if (!details) return paymentDetails;
  const account = details.mobile ?? details.accountNumber ?? details.payId ?? details.email ?? paymentDetails;
  return details.bank ? `${details.bank} ${account}` : account;
}

/**
 * One method's export for its bulk send (docs/product-rules.md#payouts-sent): number (or account), name,
 * amount in pesos, payout id, one line per payout, as `listAllUnsentPayouts` listed them at `asOf` (or now). Text cells
 * that a spreadsheet would run as a formula are written as text (csvLine).
 */
export async function exportUnsentPayouts(db: Db, method: string, asOf: string | undefined, now: Date): Promise<FileOutput> {
  const rows = await unsent(db, asOf ? new Date(asOf) : now)
    .where('p.paymentMethod', '=', method)
    .select(['p.id', 'p.amount', 'p.details', 'p.paymentDetails', 'u.firstName', 'u.lastName', 'u.email'])
    .orderBy('p.decidedAt')
    .orderBy('p.id')
    .limit(PAYOUT_BATCH_MAX)
    .execute();
  const lines = rows.map((row) => {
    const details = row.details as PayoutDestination | null;
    const name = details?.accountName ?? ([row.firstName, row.lastName].filter(Boolean).join(' ') || row.email);
    return [transferTo(details, row.paymentDetails), name, formatAmount(row.amount), row.id];
  });
  const slug = payoutMethodName(method)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return csvStatement(`payouts-${slug}`, now, ['Number', 'Name', 'Amount', 'Payout ID'], lines);
}

/**
 * Records that the exported payouts were sent: who and when, and a line in the admin log for each, in one
 * transaction. Only an approved payout not yet marked is marked: a second admin marking the same file, or
 * an id that is no approved payout, is reported as skipped rather than refused.
 */
export async function markPayoutsSent(db: Db, ids: readonly string[], actor: AdminActor, now: Date): Promise<PayoutsSentResult> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('payouts')
      .set({ sentAt: now, sentBy: actor.adminId })
      .where('id', 'in', ids)
      .where('status', '=', 'approved')
      .where('sentAt', 'is', null)
      .returning(['id', 'userId', 'amount', 'paymentMethod'])
      .execute();
    for (const payout of marked) {
      await logAdminAction(trx, actor, {
        action: 'mark_payout_sent',
        targetId: payout.id,
        details: { userId: payout.userId, amount: formatAmount(payout.amount), paymentMethod: payout.paymentMethod },
      });
    }
    const markedIds = new Set(marked.map((payout) => payout.id));
    const left = ids.filter((id) => !markedIds.has(id));
    const others = left.length === 0 ? [] : await trx.selectFrom('payouts').select(['id', 'sentAt']).where('id', 'in', left).execute();
    const known = new Map(others.map((payout) => [payout.id, payout.sentAt]));
    return {
      marked: ids.filter((id) => markedIds.has(id)),
      skipped: left.map((id) => {
        if (!known.has(id)) return { id, code: 'not_found' as const };
        return { id, code: known.get(id) ? ('already_sent' as const) : ('not_approved' as const) };
      }),
    };
  });
}
