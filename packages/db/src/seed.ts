import { DEMO_GCASH_PAYEE, messages } from '@app/contracts';
import type { Db } from './create-db';
import { postToLedger } from './ledger';
import { insertUser } from './users';

const DEMO_MEMBER_EMAIL = 'member@example.com';
const DEMO_ADMIN_EMAIL = 'admin@example.com';

const freeTasks = [
  {
    title: 'View Product Page',
    description: 'Look through a partner product page and its photos.',
    url: 'https://example.com/products',
    reward: 150,
  },
  { title: 'Visit Partner Blog', description: 'Read the latest article on a partner blog.', url: 'https://example.org/blog', reward: 120 },
  { title: 'Explore Travel Deals', description: "Browse this week's travel offers.", url: 'https://example.net/travel', reward: 200 },
  { title: 'Check Recipe of the Day', description: "Open today's featured recipe.", url: 'https://example.com/recipes', reward: 100 },
  { title: 'Browse Gadget Reviews', description: 'Skim the newest gadget reviews.', url: 'https://example.org/gadgets', reward: 175 },
  { title: 'See Local News', description: 'View the local news front page.', url: 'https://example.net/news', reward: 110 },
  {
    title: 'Tour a Furniture Catalog',
    description: 'Look through the spring furniture catalog.',
    url: 'https://example.com/furniture',
    reward: 160,
  },
  { title: 'Discover Fitness Tips', description: 'Read a short guide to daily exercise.', url: 'https://example.org/fitness', reward: 130 },
];

const vipTasks = [
  {
    title: 'Premium Brand Showcase',
    description: 'A featured brand page for VIP members.',
    url: 'https://example.com/showcase',
    reward: 500,
    requiredVipTier: 'VIP300',
  },
  {
    title: 'Gold Partner Spotlight',
    description: 'A spotlight page for Gold members.',
    url: 'https://example.org/spotlight',
    reward: 800,
    requiredVipTier: 'VIPGOLD2000',
  },
];

/** True when the database holds no users yet: the only time demo data is loaded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Sample tasks, a member with some history and an admin, for trying the product on a new database.
 * Everything goes through the same ledger posting as real activity, so the books balance.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tasks = await trx
      .insertInto('tasks')
      // A second apart, in the order written: inserted at one instant, they would be listed by their random ids,
      // in another order on every new database (and the dashboard's first paint with them).
      .values(
        [...freeTasks, ...vipTasks].map((task, index, all) => ({
          requiredVipTier: null,
          createdAt: new Date(now.getTime() - (all.length - index) * 1000),
          ...task,
        })),
      )
      .returning(['id', 'title', 'reward'])
      .execute();

    // VIP by G-CASH can be tried at once; the admin overview says the payee is the demo's until one is set.
    await trx.updateTable('systemSettings').set(DEMO_GCASH_PAYEE).execute();
    await insertUser(trx, { email: DEMO_ADMIN_EMAIL, firstName: 'Ada', lastName: 'Admin', isAdmin: true });
    const member = await insertUser(trx, { email: DEMO_MEMBER_EMAIL, firstName: 'Maria', lastName: 'Santos' });

    const day = 24 * 60 * 60 * 1000;
    // She joined before her first earning, as her profile's 'Member since' says.
    await trx
      .updateTable('users')
      .set({ createdAt: new Date(now.getTime() - 7 * day) })
      .where('id', '=', member.id)
      .execute();
    for (const [index, task] of tasks.slice(0, 6).entries()) {
      const startedAt = new Date(now.getTime() - (6 - index) * day);
      const completedAt = new Date(startedAt.getTime() + 25_000);
      const view = await trx
        .insertInto('taskViews')
        .values({ userId: member.id, taskId: task.id, startedAt, completedAt, secondsViewed: 25, reward: task.reward })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postToLedger(trx, {
        userId: member.id,
        type: 'earning',
        amount: task.reward,
        description: messages.ledger.taskCompleted(task.title),
        taskViewId: view.id,
        createdAt: completedAt,
      });
    }
  });
}
