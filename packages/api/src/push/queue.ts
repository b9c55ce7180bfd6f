import type { PushPayload } from '@app/contracts';
import type { Tx } from '@app/db';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';

/** pg-boss's queue of pushes to send, one job per notice and browser (docs/architecture.md#web-push). */
export const PUSH_QUEUE = 'push-delivery';

export interface PushJob extends PushPayload {
  subscriptionId: string;
}

/** How pg-boss reaches the database: one statement with its values, or a script of several without any. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss's own job send, used only with a transaction's executor: jobs are written by the transaction
 * that writes the notice, so they exist exactly when it commits. It never opens a connection of its own.
 */
const enqueuer = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('the push enqueuer only runs inside a transaction')),
  },
});

/** Runs pg-boss's statements inside a kysely transaction. */
function transactionExecutor(trx: Tx): SqlExecutor {
  return {
    // pg-boss's SQL is written for node-postgres, which sends an undefined value as NULL.
    executeSql: async (text, values = []) => {
      const result = await trx.executeQuery(
        CompiledQuery.raw(
          text,
          values.map((value) => value ?? null),
        ),
      );
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}

/** Queues the push of a notice to every browser the member subscribed, in the notice's transaction. */
export async function enqueuePushes(trx: Tx, userId: string, payload: PushPayload): Promise<void> {
  const subscriptions = await trx.selectFrom('pushSubscriptions').select('id').where('userId', '=', userId).execute();
  if (subscriptions.length === 0) return;
  const db = transactionExecutor(trx);
  // One send per browser rather than pg-boss's insert, whose jobs travel as a JSON string postgres.js would
  // encode a second time; a member has a few browsers at most.
  for (const { id } of subscriptions) await enqueuer.send(PUSH_QUEUE, { subscriptionId: id, ...payload } satisfies PushJob, { db });
}
