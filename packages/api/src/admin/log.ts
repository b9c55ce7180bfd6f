import { type Db, jsonb } from '@app/db';
import type { Context } from '../context';

export interface AdminLogEntry {
  action: string;
  targetId?: string | null;
  details: Record<string, unknown>;
}

/**
 * Records an admin action (DESIGN.md section 3) with the admin and the client's address. Pass the
 * transaction of the change itself so the log row and the change stand or fall together.
 */
export async function writeAdminLog(ctx: Pick<Context, 'db' | 'req' | 'user'>, entry: AdminLogEntry, db: Db = ctx.db): Promise<void> {
  await db
    .insertInto('adminLogs')
    .values({
      adminId: ctx.user?.id ?? null,
      action: entry.action,
      targetId: entry.targetId ?? null,
      details: jsonb(entry.details),
      ipAddress: ctx.req.ip,
    })
    .execute();
}
