import {
  type AdminTask,
  type AdminTaskCreateInput,
  type AdminTaskUpdateInput,
  formatAmount,
  messages,
  staffMessages,
} from '@app/contracts';
import type { Db, TaskRow } from '@app/db';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { badRequest, notFound } from '../lib/errors';
import { newestFirst, type PagedList } from '../lib/paging';

function toAdminTask(row: TaskRow): AdminTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    reward: formatAmount(row.reward),
    requiredVipTier: row.requiredVipTier,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every task, on or off, newest first, a page at a time (the admins' task list). */
export function listAllTasks(db: Db): PagedList<AdminTask, { total: number }> {
  return newestFirst(db, 'tasks', toAdminTask);
}

/** A task may require a plan that exists (on sale or not); null means every tier sees it. */
async function refuseUnknownTier(db: Db, tier: string | null | undefined): Promise<void> {
  if (!tier) return;
  const plan = await db.selectFrom('vipPlans').select('id').where('id', '=', tier).executeTakeFirst();
  if (!plan) throw badRequest(staffMessages.admin.taskTierUnknown);
}

/** Changed fields as the log shows them: money as pesos text. */
function logged(fields: { reward?: number | undefined } & Record<string, unknown>) {
  return { ...fields, ...(fields.reward === undefined ? {} : { reward: formatAmount(fields.reward) }) };
}

export async function createTask(db: Db, input: AdminTaskCreateInput, actor: AdminActor, now: Date): Promise<AdminTask> {
  await refuseUnknownTier(db, input.requiredVipTier);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tasks')
      .values({ ...input, requiredVipTier: input.requiredVipTier ?? null, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, { action: 'create_task', targetId: row.id, details: logged(input) });
    return toAdminTask(row);
  });
}

/** Edits a task; `isActive` alone switches it on or off (a task switched off can no longer be started or credited). */
export async function updateTask(db: Db, input: AdminTaskUpdateInput, actor: AdminActor, now: Date): Promise<AdminTask> {
  const { id, ...changes } = input;
  await refuseUnknownTier(db, changes.requiredVipTier);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tasks')
      .set({ ...changes, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(messages.tasks.notFound);
    await logAdminAction(trx, actor, { action: 'update_task', targetId: id, details: logged(changes) });
    return toAdminTask(row);
  });
}
