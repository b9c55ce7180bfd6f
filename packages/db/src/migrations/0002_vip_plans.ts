import { type Kysely, sql } from 'kysely';

/** The six VIP plans of docs/product-rules.md#constants-and-limits are product data, not demo data. */
const plans = [
  { id: 'VIP300', name: 'VIP 300', price: 30_000, reward: 266 },
  { id: 'VIP400', name: 'VIP 400', price: 40_000, reward: 366 },
  { id: 'VIP500', name: 'VIP 500', price: 50_000, reward: 433 },
  { id: 'VIPPREMIUM1000', name: 'VIP Premium 1000', price: 100_000, reward: 1_300 },
  { id: 'VIPGOLD2000', name: 'VIP Gold 2000', price: 200_000, reward: 1_600 },
  { id: 'VIPSUPERPLAN3000', name: 'VIP Super Plan 3000', price: 300_000, reward: 2_366 },
];

function benefits(reward: number): string[] {
  const pesos = `₱${Math.floor(reward / 100)}.${String(reward % 100).padStart(2, '0')}`;
  return ['10 tasks every day', `${pesos} for every completed task`, 'Valid for 15 days', 'Priority support'];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [index, plan] of plans.entries()) {
    await sql`
      INSERT INTO vip_plans (id, name, price, validity_days, daily_task_limit, reward_per_task, benefits, sort_order)
      VALUES (${plan.id}, ${plan.name}, ${plan.price}, 15, 10, ${plan.reward}, (${JSON.stringify(benefits(plan.reward))}::text)::jsonb, ${index})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM vip_plans WHERE id IN (${sql.join(plans.map((plan) => plan.id))})`.execute(db);
}
