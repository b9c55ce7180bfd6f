import {
  type AdminPlan,
  type AdminPlanUpdateInput,
  formatAmount,
  formatPesos,
  pluralize,
  staffMessages,
  type VipPlan,
} from '@app/contracts';
import { type Db, jsonb, type VipPlanRow } from '@app/db';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { notFound } from '../lib/errors';
import type { CachedReader } from '../system-settings/service';

function toVipPlan(row: VipPlanRow): VipPlan {
  return {
    id: row.id,
    name: row.name,
    price: formatAmount(row.price),
    duration: row.validityDays,
    dailyTaskLimit: row.dailyTaskLimit,
    rewardPerTask: formatAmount(row.rewardPerTask),
    benefits: row.benefits,
  };
}

/** The plans members may buy, in their order, from this instance's cache. */
export async function listActivePlans({ db, caches }: CachedReader): Promise<VipPlan[]> {
  const rows = await caches.plans.get('active', async () =>
    Object.freeze(await db.selectFrom('vipPlans').selectAll().where('isActive', '=', true).orderBy('sortOrder').orderBy('price').execute()),
  );
  return rows.map(toVipPlan);
}

/** One plan a member may buy, read in the caller's transaction: what a purchase is priced by. */

export async function findActivePlan(db: Db, id: string): Promise<VipPlanRow | undefined> {
  return db.selectFrom('vipPlans').selectAll().where('id', '=', id).where('isActive', '=', true).executeTakeFirst();
}

/** A plan's benefit lines, written from its terms so that an edit of the terms never leaves them stale. */
function planBenefits(terms: Pick<VipPlanRow, 'dailyTaskLimit' | 'rewardPerTask' | 'validityDays'>): string[] {
  return [
    `${pluralize(terms.dailyTaskLimit, 'task')} every day`,
    `${formatPesos(terms.rewardPerTask)} for every completed task`,
    `Valid for ${pluralize(terms.validityDays, 'day')}`,
    'Priority support',
  ];
}

/** The operator's view of a plan: the member's terms under the admin form's names, and whether it is on sale. */
function toAdminPlan(row: VipPlanRow): AdminPlan {
  const { name, rewardPerTask, duration, benefits: _shown, ...same } = toVipPlan(row);
  return { ...same, planName: name, taskReward: rewardPerTask, validityDays: duration, isActive: row.isActive };
}

/** Every plan, on sale or not, in the order members see them. */
export async function listAllPlanSettings(db: Db): Promise<AdminPlan[]> {
  const rows = await db.selectFrom('vipPlans').selectAll().orderBy('sortOrder').orderBy('price').execute();
  return rows.map(toAdminPlan);
}

/**
 * The quick plan editor: changes the fields given and rewrites the benefit lines from the new terms.
 * Members already on the plan keep the terms they started with (copied when their plan started).
 */
export async function updatePlanSettings(db: Db, input: AdminPlanUpdateInput, actor: AdminActor, now: Date): Promise<AdminPlan> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('vipPlans').selectAll().where('id', '=', input.planId).forUpdate().executeTakeFirst();
    if (!before) throw notFound(staffMessages.admin.planNotFound);
    const terms = {
      price: input.price ?? before.price,
      rewardPerTask: input.taskReward ?? before.rewardPerTask,
      dailyTaskLimit: input.dailyTaskLimit ?? before.dailyTaskLimit,
      validityDays: input.validityDays ?? before.validityDays,
      isActive: input.isActive ?? before.isActive,
    };
    const after = await trx
      .updateTable('vipPlans')
      .set({ ...terms, benefits: jsonb(planBenefits(terms)), updatedAt: now })
      .where('id', '=', input.planId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, {
      action: 'update_vip_plan',
      targetId: input.planId,
      details: { before: toAdminPlan(before), after: toAdminPlan(after) },
    });
    return toAdminPlan(after);
  });
}
