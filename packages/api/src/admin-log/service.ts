import type { AdminLog, AdminPageInput } from '@app/contracts';
import { appendAdminLog, type Db, type Tx } from '@app/db';
import { sql } from 'kysely';
import type { Context } from '../context';
import { countTotal, inWindow, type ListRead, pageWindow, queueLength } from '../lib/queue';

export interface AdminLogEntry {
  action: string;
  targetId?: string | null;
  details: Record<string, unknown>;
}

/** Who did an admin action and from which address: what every admin_logs row records besides the action. */
export interface AdminActor {
  adminId: string;
  ip: string;
}

export function actorOf(ctx: { req: Pick<Context['req'], 'ip'>; user: { id: string } }): AdminActor {
  return { adminId: ctx.user.id, ip: ctx.req.ip };
}

/**
 * Records an admin action (docs/architecture.md#identity-and-access) in the chained admin log, in the
 * transaction of the change itself: a `Tx`, which a plain database handle is not, so the compiler refuses
 * a log row written apart from its change, and the two stand or fall together.
 */
export async function logAdminAction(
  trx: Tx,
  // The commission operator's passkey events are logged too, with no admin id (docs/architecture.md#passkeys-and-the-step-up).
  actor: AdminActor | { adminId: null; ip: string },
  entry: AdminLogEntry,
): Promise<void> {
  await appendAdminLog(trx, {
    adminId: actor.adminId,
    action: entry.action,
    targetId: entry.targetId ?? null,
    details: entry.details,
    ipAddress: actor.ip,
  });
}

/** The activity log, newest first, one page at a time, with each admin's e-mail for the Admin column. */
export async function listAllAdminLogs(db: Db, input: AdminPageInput): Promise<ListRead<AdminLog>> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('adminLogs as l')
      .leftJoin('users as u', 'u.id', 'l.adminId')
      // The member concerned: the target when it is a member, else the member named in the details.
      .leftJoin('users as t', (join) => join.on(sql<boolean>`t.id::text = coalesce(l.details->>'userId', l.target_id)`))
      .select([
        'l.id',
        'l.createdAt',
        'l.adminId',
        'u.email as adminEmail',
        'l.action',
        'l.targetId',
        't.email as targetEmail',
        'l.details',
        'l.ipAddress',
      ])
      .orderBy('l.createdAt', 'desc')
      .orderBy('l.id', 'desc')
      .$call(inWindow(pageWindow(input)))
      .execute(),
    queueLength(db, 'admin-logs', undefined, () => countTotal(db.selectFrom('adminLogs'))),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, members: [], validUntil: null };
}
