import { formatAmount, formatPesos, type VipPlan } from '@app/contracts';
import type { Db, VipPlanRow } from '@app/db';
import type { CachedReader } from '../maintenance/service';

export function toVipPlan(row: VipPlanRow): VipPlan {
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A plan's benefit lines, written from its terms so that an edit of the terms never leaves them stale. */
export function planBenefits(terms: Pick<VipPlanRow, 'dailyTaskLimit' | 'rewardPerTask' | 'validityDays'>): string[] {
  return [
    `${plural(terms.dailyTaskLimit, 'task', 'tasks')} every day`,
    `${formatPesos(terms.rewardPerTask)} for every completed task`,
    `Valid for ${plural(terms.validityDays, 'day', 'days')}`,
    'Priority support',
  ];
}
