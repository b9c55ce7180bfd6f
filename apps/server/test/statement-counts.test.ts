import { type Database, type Db, insertUser, jsonb, postToLedger } from '@app/db';
import { countStatements, createTestDb, type StatementCounter, type TestDbHandle } from '@app/db/testing';
import { newGcashDetails } from '@app/testkit/fixtures';
import { type InsertObject, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from './admin-fixtures';
import { signInOperator, startTestApp, type TestApp } from './helpers';

/**
 * No N+1 (issue 8): every procedure that answers a list runs as many SQL statements for a long list as
 * for a short one, session validation and everything else of the request included. Each list is
 * measured with SHORT rows and again after growing to LONG rows; the counts are printed so the hot
 * reads' cost stays visible.
 */
const SHORT = 2;
const LONG = 25;

let database: TestDbHandle;
let counter: StatementCounter;
let t: TestApp;
let db: Db;
let f: Awaited<ReturnType<typeof adminFixtures>>;
let member: Awaited<ReturnType<Awaited<ReturnType<typeof adminFixtures>>['member']>>;
let operatorCookie: string;
let otherPeople = 0;

beforeAll(async () => {
  database = await createTestDb();
  counter = countStatements(database.db);
  t = await startTestApp({}, { database: { ...database, db: counter.db } });
  db = database.db;
  f = await adminFixtures(t, 'counts');
  member = await f.member();
  operatorCookie = await signInOperator(t.app);
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const past = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000);

/** Another member, not signed in: the owner of rows an admin list shows one per person. */
async function otherMember() {
  otherPeople += 1;
  return insertUser(db, { email: `counts-other${otherPeople}@example.com`, firstName: 'Other', lastName: `Person${otherPeople}` });
}

async function times(count: number, add: (index: number) => Promise<unknown>) {
  for (let index = 0; index < count; index++) await add(index);
}

type Who = 'member' | 'admin' | 'operator';

interface ListCase {
  procedure: string;
  who: Who;
  url: string | (() => string);
  /** The list inside the answer, where the answer is not the list itself. */
  items?: (body: never) => unknown[];
  /** Adds `count` rows the list shows; without it, the list grows with the rows the other lists add. */
  grow?: (count: number) => Promise<unknown>;
}

const paged = (body: { items: unknown[] }) => body.items;

/** Grows a list by `count` rows of `table`, the `index`th made by `row`. */
const rowsOf =
  <T extends keyof Database>(table: T, row: (index: number) => InsertObject<Database, NoInfer<T>>) =>
  (count: number) =>
    times(count, (index) => db.insertInto(table).values(row(index)).execute());

/** Grows a list by `count` other members, each given by `give` the row the list shows them by. */
const otherMembersWith = (give: (person: { id: string }) => Promise<unknown>) => (count: number) =>
  times(count, async () => give(await otherMember()));

const lists: ListCase[] = [
  {
    procedure: 'tasks.list',
    who: 'member',
    url: '/api/tasks',
    grow: rowsOf('tasks', (i) => ({ title: `Task ${i}`, url: 'https://example.com/t', reward: 100 })),
  },
  {
    procedure: 'transactions.list',
    who: 'member',
    url: '/api/transactions',
    grow: (count) =>
      times(count, () =>
        db
          .transaction()
          .execute((trx) =>
            postToLedger(trx, { userId: member.id, type: 'admin_adjustment', amount: 100, description: 'Gift', createdAt: past(5) }),
          ),
      ),
  },
  {
    procedure: 'payouts.list',
    who: 'member',
    url: '/api/payouts',
    grow: rowsOf('payouts', () => ({ userId: member.id, paymentMethod: 'G-CASH', amount: 15_000, paymentDetails: '0917' })),
  },
  { procedure: 'referrals.list', who: 'member', url: '/api/referrals', grow: (count) => times(count, referFriend) },
  { procedure: 'referrals.referredUsers', who: 'member', url: '/api/referrals/referred-users' },
  {
    procedure: 'notifications.list',
    who: 'member',
    url: '/api/notifications',
    items: paged,
    grow: rowsOf('notifications', (i) => ({ title: `Note ${i}`, message: 'Hello', isGlobal: false, userId: member.id })),
  },
  {
    procedure: 'support.messages',
    who: 'member',
    url: '/api/support/messages',
    grow: rowsOf('supportMessages', (i) => ({ userId: member.id, message: `Help ${i}`, isUserMessage: true })),
  },
  {
    procedure: 'popups.active',
    who: 'member',
    url: '/api/popups/active',
    grow: rowsOf('popups', (i) => ({ title: `Popup ${i}`, content: 'Buy now', startDate: past(60) })),
  },
  { procedure: 'vip.plans', who: 'member', url: '/api/vip/plans', grow: (count) => times(count, addPlan) },
  { procedure: 'admin.users.list', who: 'admin', url: '/api/admin/users?search=counts-other', items: paged },
  { procedure: 'admin.payouts.pending', who: 'admin', url: '/api/admin/pending-payouts' },
  {
    procedure: 'admin.vip.pending',
    who: 'admin',
    url: '/api/admin/pending-vip',
    grow: otherMembersWith(async (person) => {
      await db.updateTable('users').set({ vipPendingApproval: true }).where('id', '=', person.id).execute();
      await db
        .insertInto('vipRequests')
        .values({ userId: person.id, planId: 'VIP300', paymentMethod: 'earnings', price: 30_000, status: 'pending' })
        .execute();
    }),
  },
  { procedure: 'admin.tasks.list', who: 'admin', url: '/api/admin/tasks' },
  { procedure: 'admin.plans.list', who: 'admin', url: '/api/admin/quick-plan-settings' },
  {
    procedure: 'admin.logs',
    who: 'admin',
    url: '/api/admin/logs',
    items: paged,
    grow: rowsOf('adminLogs', (i) => ({ action: `counted_${i}`, details: jsonb({}) })),
  },
  { procedure: 'admin.transactions', who: 'admin', url: '/api/admin/transactions', items: paged },
  { procedure: 'admin.notifications.all', who: 'admin', url: '/api/notifications/all' },
  { procedure: 'admin.popups.list', who: 'admin', url: '/api/admin/popups' },
  {
    procedure: 'admin.support.conversations',
    who: 'admin',
    url: '/api/admin/support/conversations',
    grow: otherMembersWith((person) =>
      db.insertInto('supportMessages').values({ userId: person.id, message: 'Hello?', isUserMessage: true }).execute(),
    ),
  },
  { procedure: 'admin.support.thread', who: 'admin', url: () => `/api/admin/support/conversations/${member.id}` },
  {
    procedure: 'commission.payouts',
    who: 'operator',
    url: '/api/admin/percentage/payouts',
    grow: rowsOf('commissionPayouts', () => ({ amount: 1_000, paymentMethod: 'G-CASH', accountDetails: '0917' })),
  },
  {
    procedure: 'commission.stats',
    who: 'operator',
    url: '/api/admin/percentage/stats',
    items: (body: { recentTransactions: unknown[] }) => body.recentTransactions,
    grow: rowsOf('commissionEntries', (i) => ({ kind: 'adjustment' as const, amount: 100, description: `Entry ${i}` })),
  },
];

/** What `list` answers on its page, and how long the list inside is. */
async function measureList(list: ListCase) {
  const { body, statements } = await measure(list.who, typeof list.url === 'string' ? list.url : list.url());
  return { statements, length: (list.items ? list.items(body as never) : (body as unknown[])).length };
}

async function referFriend() {
  const friend = await otherMember();
  await db.updateTable('users').set({ referredBy: member.id }).where('id', '=', friend.id).execute();
  await db
    .insertInto('referrals')
    .values({ referrerId: member.id, referredUserId: friend.id, referralCode: member.user.referralCode })
    .execute();
}

let plans = 0;
async function addPlan() {
  plans += 1;
  await db
    .insertInto('vipPlans')
    .values({
      id: `COUNTED${plans}`,
      name: `Counted ${plans}`,
      price: 1_000,
      validityDays: 15,
      dailyTaskLimit: 10,
      rewardPerTask: 100,
      benefits: jsonb([]),
    })
    .execute();
}

function cookieOf(who: Who): string {
  if (who === 'admin') return f.adminCookie;
  if (who === 'operator') return operatorCookie;
  return member.cookie;
}

/**
 * Statements that change no row still notify their tables' topics (those triggers are per statement), so
 * every admin queue and list kept as pages is read again by its next request, as after a real change.
 */
async function moveEveryAdminList() {
  await sql`UPDATE payouts SET status = status WHERE false`.execute(db);
  await sql`INSERT INTO users (email, referral_code) SELECT email, referral_code FROM users WHERE false`.execute(db);
  await sql`UPDATE transactions SET status = status WHERE false`.execute(db);
  await sql`INSERT INTO admin_logs (action, details) SELECT action, details FROM admin_logs WHERE false`.execute(db);
  await sql`UPDATE risk_scores SET score = score WHERE false`.execute(db);
  await sql`UPDATE referrals SET status = status WHERE false`.execute(db);
  await (await t.database.changes()).sync();
}

/**
 * The statements one request runs, from its arrival to its answer, once this instance's caches hold what
 * it reads (the same request is made just before), but for the admin queues' and lists' pages: a list that
 * has just moved, so that a page's own read is counted rather than the page kept from the request before.
 */
async function measure(who: Who, url: string) {
  await t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(who) } });
  await moveEveryAdminList();
  counter.reset();
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: cookieOf(who) } });
  const statements = counter.statements();
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return { body: response.json(), statements };
}

const report: string[] = [];

describe('statements per request', () => {
  it('stay the same for a long list as for a short one, for every list procedure', async () => {
    const measured = new Map<string, { short: number; shortLength: number }>();
    // Some lists grow only with another's rows (the admin's user list with the referred friends, the
    // pending payouts with the people), so every list is measured short before any grows long.
    for (const list of lists) await list.grow?.(SHORT);
    for (const list of lists) {
      const { statements, length } = await measureList(list);
      measured.set(list.procedure, { short: statements.length, shortLength: length });
    }
    for (const list of lists) await list.grow?.(LONG - SHORT);
    await payOutEveryone();

    const problems: string[] = [];
    for (const list of lists) {
      const { statements, length } = await measureList(list);
      const before = measured.get(list.procedure)!;
      report.push(`${list.procedure}: ${before.short} statements for ${before.shortLength} rows, ${statements.length} for ${length}`);
      if (length < before.shortLength + SHORT) problems.push(`${list.procedure} did not grow (${before.shortLength} -> ${length} rows)`);
      if (statements.length !== before.short) {
        problems.push(`${list.procedure}: ${before.short} -> ${statements.length} statements: ${statements.join(', ')}`);
      }
    }
    console.log(`statements per list request:\n  ${report.join('\n  ')}`);
    expect(problems).toEqual([]);
  });
});

/**
 * The hot paths' statements, printed and held to what they cost now: a rise is a new round trip on
 * every request of its kind. Where a call runs a transaction, its BEGIN and COMMIT come on top (see
 * countStatements).
 */
describe('hot paths', () => {
  const dashboard = ['auth.user', 'vip.status', 'tasks.list', 'transactions.list', 'notifications.list', 'popups.active'];
  // The session with its user, the site's state and the task catalogue come from the instance's caches
  // (docs/architecture.md#caches): auth.user reads nothing, tasks.list only the catalogue that the new
  // task below has just changed.
  const expected: Record<string, number> = {
    'auth.user': 0,
    'tasks.list': 1,
    'transactions.list': 1,
    [`dashboard batch (${dashboard.join(', ')})`]: 4,
    'admin.stats': 3,
    // The view opened where the member has tasks left and no open view.
    'tasks.start': 1,
    // The member row as the session read it checked current and locked, the task as cached checked, the
    // open view closed and credited, the day's count and the balances checked, in one statement (which
    // also reads the task and the open view, for the locked path should it credit nothing): no transaction.
    'tasks.complete': 1,
  };

  it('run no more statements than they need', async () => {
    const task = await db
      .insertInto('tasks')
      .values({ title: 'Hot task', url: 'https://example.com/h', reward: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const counts: Record<string, number> = {};
    const count = async (name: string, method: 'GET' | 'POST', url: string, cookie = member.cookie) => {
      counter.reset();
      const response = await t.app.inject({ method, url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      counts[name] = counter.statements().length;
      return response;
    };
    const before = (await count('auth.user', 'GET', '/api/auth/user')).json() as { availableBalance: string };
    await count('tasks.list', 'GET', '/api/tasks');
    await count('transactions.list', 'GET', '/api/transactions');
    const batch = await count(`dashboard batch (${dashboard.join(', ')})`, 'GET', `/trpc/${dashboard.join(',')}?batch=1&input={}`);
    expect((batch.json() as unknown[]).length).toBe(dashboard.length);
    await count('admin.stats', 'GET', '/api/admin/stats', f.adminCookie);
    await count('tasks.start', 'POST', `/api/tasks/${task.id}/start`);
    t.clock.now = new Date(t.clock.now.getTime() + t.config.TASK_VIEW_SECONDS * 1000);
    const completed = await count('tasks.complete', 'GET', `/api/tasks/${task.id}/redirect-complete`);
    expect(completed.json()).toMatchObject({ success: true });
    // The earning's notification, heard: on PostgreSQL it names the version the session already holds.
    await (await t.database.changes()).sync();
    const after = (await count('auth.user after an earning', 'GET', '/api/auth/user')).json() as { availableBalance: string };
    expect(Number(after.availableBalance)).toBeCloseTo(Number(before.availableBalance) + 1, 2);

    console.log(
      `statements per hot request:\n  ${Object.entries(counts)
        .map(([name, n]) => `${name}: ${n}`)
        .join('\n  ')}`,
    );
    expect(counts).toEqual({
      ...expected,
      // The member row as the credit returned it, kept in the session (docs/architecture.md#caches). PGlite
      // delivers the notification during the statement, before the session holds the new row, so there
      // the row is read again once.
      'auth.user after an earning': database.kind === 'postgres' ? 0 : 1,
    });
  });
});

describe('the dashboard’s reads kept with the member’s row', () => {
  const read = async (url: string, cookie: string) => {
    // Notifications of the writes before are heard first: on PostgreSQL they come a moment after the commit.
    await (await t.database.changes()).sync();
    counter.reset();
    const response = await t.app.inject({ url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return { body: response.json(), statements: counter.statements().length };
  };
  const status = (cookie: string) => read('/api/vip/status', cookie);
  const latest = (cookie: string) => read('/api/transactions?limit=4', cookie);

  it('are read once per user row: again only after a write that changes them (an earning, a VIP request)', async () => {
    const { cookie } = await f.member();
    // The session and its user first, as every page's first call reads them.
    await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    const first = await status(cookie);
    expect(first.statements).toBe(1);
    expect(await status(cookie)).toEqual({ body: first.body, statements: 0 });
    const before = await latest(cookie);
    expect(before.statements).toBe(1);
    expect(await latest(cookie)).toEqual({ body: before.body, statements: 0 });

    const task = await db
      .insertInto('tasks')
      .values({ title: 'Status task', url: 'https://example.com/s', reward: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.inject({ method: 'POST', url: `/api/tasks/${task.id}/start`, headers: { cookie } });
    t.clock.now = new Date(t.clock.now.getTime() + t.config.TASK_VIEW_SECONDS * 1000);
    await t.app.inject({ url: `/api/tasks/${task.id}/redirect-complete`, headers: { cookie } });
    // The earning replaced the member's row: the status is read again, and on PGlite the session with its
    // user first (on PostgreSQL the session keeps the row the credit returned).
    const earned = await status(cookie);
    expect(earned.statements).toBe(database.kind === 'postgres' ? 1 : 2);
    expect(earned.body.tasksCompletedToday).toBe(first.body.tasksCompletedToday + 1);
    const after = await latest(cookie);
    expect(after.statements).toBe(1);
    expect(after.body[0]).toMatchObject({ type: 'earning', proof: { taskTitle: 'Status task' } });

    // A task renamed: the proofs name it as it is now, though the member's row did not change.
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tasks/${task.id}`,
      headers: { cookie: f.adminCookie },
      payload: { title: 'Status task, renamed' },
    });
    expect((await latest(cookie)).body[0].proof.taskTitle).toBe('Status task, renamed');

    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: { cookie: f.adminCookie },
      payload: { gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' },
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/vip/upgrade',
      headers: { cookie },
      payload: { vipTier: 'VIP300', paymentInfo: { transactionProof: '4440001112223' } },
    });
    expect(asked.statusCode).toBe(200);
    expect((await status(cookie)).body).toMatchObject({ vipPendingApproval: true, pendingVipTier: 'VIP300' });
  });
});

/** Pending payouts for many people, so the admin's pending list grows with people rather than rows. */
async function payOutEveryone() {
  const people = await db.selectFrom('users').select('id').where('email', 'like', 'counts-other%').execute();
  for (const person of people) {
    await db.insertInto('payouts').values({ userId: person.id, paymentMethod: 'G-CASH', amount: 15_000, paymentDetails: '0917' }).execute();
  }
}

describe('cached reads', () => {
  it('answer the signed-in user and the task list with no statement once warm, and re-read only what changed', async () => {
    const read = async (url: string) => {
      counter.reset();
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return { body: response.json(), statements: counter.statements() };
    };
    // The earlier tests' writes may still be on their way as notifications: hear them all first.
    await (await t.database.changes()).sync();
    await read('/api/tasks');
    expect((await read('/api/tasks')).statements).toEqual([]);
    expect((await read('/api/auth/user')).statements).toEqual([]);

    await db.insertInto('tasks').values({ title: 'Cache task', url: 'https://example.com/c', reward: 100 }).execute();
    const afterChange = await read('/api/tasks');
    expect(afterChange.statements).toEqual(['Select tasks']);
    expect(afterChange.body.map((task: { title: string }) => task.title)).toContain('Cache task');

    await db.updateTable('users').set({ firstName: 'Renamed' }).where('id', '=', member.id).execute();
    const renamed = await read('/api/auth/user');
    expect(renamed.statements).toHaveLength(1);
    expect(renamed.body.firstName).toBe('Renamed');
  });
});

/** A page of an admin queue or list as the unlocked admin reads it, with the statements it ran. */
async function adminPage<Item>(url: string) {
  counter.reset();
  const response = await f.admin('GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const body = response.json() as { total: number; items: Item[] };
  return { total: body.total, items: body.items, statements: counter.statements().length };
}

/** Hears the notifications of writes made outside any request (another instance, psql), as every instance soon does. */
const heard = async () => (await t.database.changes()).sync();

/** Puts a member on VIP300 until a minute from the test's clock, heard by this instance; when it ends. */
async function planEndingInAMinute(userId: string): Promise<Date> {
  const expiresAt = new Date(t.clock.now.getTime() + 60_000);
  await db
    .updateTable('users')
    .set({ vipTier: 'VIP300', vipExpiresAt: expiresAt, vipDailyTaskLimit: 10, vipRewardPerTask: 266 })
    .where('id', '=', userId)
    .execute();
  await heard();
  return expiresAt;
}

describe('admin queue pages', () => {
  const queues = [
    '/api/admin/pending-payouts?page=1&pageSize=50',
    '/api/admin/pending-vip?page=1&pageSize=50',
    '/api/admin/support/conversations?page=1&pageSize=50',
    '/api/admin/percentage/payouts?page=1&pageSize=50',
  ];
  type PendingItem = { id: string; userId: string; vipTier: string; flags: { code: string }[]; clusterSize: number };
  const page = (url: string) => adminPage<PendingItem>(url);

  it('are read once while the queue stands still, and again as soon as it moves', async () => {
    await heard();
    for (const url of queues) {
      await page(url);
      // Page and length are this instance's until the queue's table changes (docs/architecture.md#caches).
      expect((await page(url)).statements, url).toBe(0);
    }
    const payouts = queues[0] as string;
    const before = (await page(payouts)).total;

    // A member's request, through the API: the admin's next page already counts it.
    const requester = await f.member({ balance: 50_000 });
    const asked = await f.as(requester.cookie, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '200',
      paymentDetails: newGcashDetails(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const afterRequest = await page(payouts);
    expect({ total: afterRequest.total, statements: afterRequest.statements }).toEqual({ total: before + 1, statements: 2 });

    // The admin's own decision: the next page no longer counts it, nor shows it.
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const approved = await f.admin('POST', `/api/admin/payout/${asked.json().id}/status`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const afterDecision = await page(payouts);
    expect(afterDecision.total).toBe(before);
    expect(afterDecision.items.map((item) => item.id)).not.toContain(asked.json().id);

    // Rows written outside any request: counted and shown again too, once heard.
    await payOutEveryone();
    await heard();
    const people = await db.selectFrom('users').select('id').where('email', 'like', 'counts-other%').execute();
    expect((await page(payouts)).total).toBe(before + people.length);

    // A searched page is kept too, until any member's e-mail or name changes: what it matches moves with them.
    const searched = `${payouts}&search=counts-other`;
    const found = await page(searched);
    expect((await page(searched)).statements).toBe(0);
    const outsider = await f.member();
    await db
      .insertInto('payouts')
      .values({ userId: outsider.id, paymentMethod: 'G-CASH', amount: 15_000, paymentDetails: '0917' })
      .execute();
    await heard();
    expect((await page(searched)).total).toBe(found.total);
    expect((await page(searched)).statements).toBe(0);
    await db.updateTable('users').set({ email: 'counts-other-renamed@example.com' }).where('id', '=', outsider.id).execute();
    await heard();
    const renamed = await page(searched);
    expect({ total: renamed.total, statements: renamed.statements }).toEqual({ total: found.total + 1, statements: 2 });
  });

  it('read a kept page again when a member it shows changes, or a VIP plan it shows ends', async () => {
    const payouts = queues[0] as string;
    await heard();
    const [first] = (await page(payouts)).items;
    if (!first) throw new Error('the payout queue is empty');
    expect((await page(payouts)).statements).toBe(0);

    await db.updateTable('users').set({ payoutHoldReason: 'Checking documents' }).where('id', '=', first.userId).execute();
    await heard();
    const held = await page(payouts);
    expect(held.statements).toBe(1);
    expect(held.items[0]?.flags.map((flag) => flag.code)).toContain('payout_hold');

    const expiresAt = await planEndingInAMinute(first.userId);
    expect((await page(payouts)).items[0]?.vipTier).toBe('VIP300');
    expect((await page(payouts)).statements).toBe(0);
    t.clock.now = new Date(expiresAt.getTime() + 1);
    const ended = await page(payouts);
    expect({ statements: ended.statements, tier: ended.items[0]?.vipTier }).toEqual({ statements: 1, tier: 'FREE' });
  });

  it('read a kept page again when the cluster of a member it shows changes, and keep it when another cluster does', async () => {
    const payouts = queues[0] as string;
    await heard();
    const [first] = (await page(payouts)).items;
    if (!first) throw new Error('the payout queue is empty');
    expect(first.clusterSize).toBe(1);
    expect((await page(payouts)).statements).toBe(0);

    // Two accounts the page does not show form a cluster: kept.
    const [one, two] = [await otherMember(), await otherMember()];
    const clusterId = [one.id, two.id].sort()[0] as string;
    await db
      .insertInto('accountClusters')
      .values([one, two].map((account) => ({ userId: account.id, clusterId })))
      .execute();
    await heard();
    expect((await page(payouts)).statements).toBe(0);

    // The first row's member joins them: read again, in one statement, with the cluster's size.
    await db.insertInto('accountClusters').values({ userId: first.userId, clusterId }).execute();
    await heard();
    const joined = await page(payouts);
    expect({ statements: joined.statements, size: joined.items[0]?.clusterSize }).toEqual({ statements: 1, size: 3 });
    expect((await page(payouts)).statements).toBe(0);
  });
});

describe('other admin lists', () => {
  const lists = {
    users: '/api/admin/users?page=1&pageSize=50',
    transactions: '/api/admin/transactions?page=1&pageSize=50',
    logs: '/api/admin/logs?page=1&pageSize=50',
    risk: '/api/admin/risk/users?page=1&pageSize=50',
    heldReferrals: '/api/admin/risk/held-referrals?page=1&pageSize=50',
  };
  const page = (url: string) => adminPage<Record<string, unknown>>(url);
  const keptAfter = async (url: string, change: () => Promise<unknown>) => {
    await change();
    await heard();
    return (await page(url)).statements === 0;
  };

  it('are read once while nothing they show changes, and again as soon as it does', async () => {
    await heard();
    for (const url of Object.values(lists)) {
      await page(url);
      expect((await page(url)).statements, url).toBe(0);
    }

    // A member who signs up and earns: the user list shows them at once, with their balance.
    const joined = await f.member();
    await heard();
    const withJoined = await page(lists.users);
    expect(withJoined.items[0]?.id).toBe(joined.id);
    await db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: joined.id, type: 'admin_adjustment', amount: 1_234, description: 'Gift', createdAt: past(1) }),
      );
    await heard();
    const credited = await page(lists.users);
    expect({ balance: credited.items[0]?.availableBalance, total: credited.total }).toEqual({ balance: '12.34', total: withJoined.total });

    // The ledger row is on the ledger's first page; a rename of its member shows there too.
    const ledger = await page(lists.transactions);
    expect(ledger.items[0]).toMatchObject({ userId: joined.id, amount: '12.34' });
    expect((await page(lists.transactions)).statements).toBe(0);
    await db.updateTable('users').set({ email: 'counts-renamed@example.com' }).where('id', '=', joined.id).execute();
    await heard();
    expect((await page(lists.transactions)).items[0]?.userEmail).toBe('counts-renamed@example.com');

    // The admin's own action is on the next page of the activity log without waiting for anything.
    const logsBefore = await page(lists.logs);
    const suspended = await f.admin('POST', `/api/admin/users/${joined.id}/status`, { status: 'suspended', reason: 'Checking' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const logsAfter = await page(lists.logs);
    expect({ total: logsAfter.total, action: logsAfter.items[0]?.action }).toEqual({
      total: logsBefore.total + 1,
      action: 'update_user_status',
    });
  });

  it('keep the risk queue and the held referrals until a score, a hold, a referral or a new device moves them', async () => {
    const sponsor = await otherMember();
    const friend = await otherMember();
    await db
      .insertInto('riskScores')
      .values({ userId: sponsor.id, score: 100, reasons: jsonb([{ code: 'shared_device', text: 'Shares a device' }]) })
      .execute();
    await heard();
    const risky = await page(lists.risk);
    expect(risky.items[0]).toMatchObject({ userId: sponsor.id, score: 100, payoutHold: null });
    // A member it does not show changes: kept.
    expect(
      await keptAfter(lists.risk, () => db.updateTable('users').set({ statusReason: 'Noted' }).where('id', '=', friend.id).execute()),
    ).toBe(true);
    // Holding the payouts of a member it shows reads it again; the hold is on the page.
    await db.updateTable('users').set({ payoutHoldReason: 'Checking documents' }).where('id', '=', sponsor.id).execute();
    await heard();
    expect((await page(lists.risk)).items[0]?.payoutHold).toBe('Checking documents');

    const heldBefore = (await page(lists.heldReferrals)).total;
    await db
      .insertInto('referrals')
      .values({
        referrerId: sponsor.id,
        referredUserId: friend.id,
        referralCode: sponsor.referralCode,
        status: 'held',
        heldReward: 500,
        heldAt: past(1),
      })
      .execute();
    await heard();
    const held = await page(lists.heldReferrals);
    const shown = held.items.find((item) => (item.sponsor as { userId: string }).userId === sponsor.id);
    expect({ total: held.total, links: shown?.links }).toEqual({ total: heldBefore + 1, links: [] });
    // A device the sponsor has used before moves nothing; the friend on the sponsor's device is a new link.
    const sawDevice = (userId: string) =>
      db
        .insertInto('accountSignals')
        .values({ userId, kind: 'device', value: 'device-counts-1' })
        .onConflict((oc) => oc.columns(['userId', 'kind', 'value']).doUpdateSet({ lastSeenAt: t.clock.now }))
        .execute();
    await sawDevice(sponsor.id);
    await heard();
    await page(lists.heldReferrals);
    expect(await keptAfter(lists.heldReferrals, () => sawDevice(sponsor.id))).toBe(true);
    await sawDevice(friend.id);
    await heard();
    const linked = await page(lists.heldReferrals);
    const link = linked.items.find((item) => (item.sponsor as { userId: string }).userId === sponsor.id)?.links;
    expect({ statements: linked.statements > 0, link }).toEqual({ statements: true, link: [{ kind: 'device', value: 'a device' }] });
  });

  it('read the VIP members again when any plan ends, which changes no row', async () => {
    const vip = '/api/admin/users?filter=vip&page=1&pageSize=50';
    const person = await otherMember();
    const expiresAt = await planEndingInAMinute(person.id);
    const before = await page(vip);
    expect(before.items.map((item) => item.id)).toContain(person.id);
    expect((await page(vip)).statements).toBe(0);
    t.clock.now = new Date(expiresAt.getTime() + 1);
    const after = await page(vip);
    expect({ total: after.total, shown: after.items.some((item) => item.id === person.id) }).toEqual({
      total: before.total - 1,
      shown: false,
    });
  });
});
