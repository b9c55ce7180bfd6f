import type { AdminLog, AdminPageInput } from '@app/contracts';
import { appendAdminLog, type Db } from '@app/db';
import { sql } from 'kysely';
import type { Context } from '../context';
import { type ListRead, queueLength } from '../lib/queue';

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

export function actorOf(ctx: Pick<Context, 'req'> & { user: { id: string } }): AdminActor {
  return { adminId: ctx.user.id, ip: ctx.req.ip };
}

/**
 * Records an admin action (docs/architecture.md#identity-and-access) in the chained admin log. Pass the transaction of the
 * change itself, so the log row and the change stand or fall together.
 */
export async function logAdminAction(db: Db, actor: AdminActor, entry: AdminLogEntry): Promise<void> {
  await appendAdminLog(db, {
    adminId: actor.adminId,
    action: entry.action,
    targetId: entry.targetId ?? null,
    details: entry.details,
    ipAddress: actor.ip,
  });
}

/** logAdminAction from a procedure's own context: the signed-in admin and the client's address. */
export async function writeAdminLog(
  ctx: Pick<Context, 'db' | 'req'> & { user: { id: string } },
  entry: AdminLogEntry,
  db: Db = ctx.db,
): Promise<void> {
  await logAdminAction(db, actorOf(ctx), entry);
}

/** The activity log, newest first, one page at a time, with each admin's e-mail for the Admin column. */
export async function listAdminLogs(db: Db, input: AdminPageInput): Promise<ListRead<AdminLog>> {
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
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    queueLength(db, 'admin-logs', undefined, () =>
      db
        .selectFrom('adminLogs')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, members: [], validUntil: null };
}
