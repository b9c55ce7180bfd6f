import type { Tx } from '@app/db';

export interface CommissionEarning {
  kind: 'upgrade' | 'payout';
  /** The VIP request or member payout that earned it: each earns once (unique per kind). */
  sourceId: string;
  amount: number;
  description: string;
}

/** Writes the operator's commission for an event, inside the event's own transaction. */
export async function recordCommission(trx: Tx, earning: CommissionEarning): Promise<void> {
  await trx
    .insertInto('commissionEntries')
    .values({ kind: earning.kind, sourceId: earning.sourceId, amount: earning.amount, description: earning.description })
    .execute();
}
