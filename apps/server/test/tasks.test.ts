import type { Db } from '@app/db';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerCheckedAppOfFile, signIn, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let db: Db;
const tasks: Record<string, string> = {};

/** Manila is UTC+8: 10:00 there is 02:00Z. */
const MANILA_MORNING = new Date('2026-03-02T02:00:00Z');

ledgerCheckedAppOfFile({}, (file) => {
  ({ t, db } = file);
});
beforeAll(async () => {
  const rows = await db
    .insertInto('tasks')
    .values([
      { title: 'View Product Page', url: 'https://example.com/p', reward: 150, requiredVipTier: 'VIPGOLD2000' },
      { title: 'Read Blog', url: 'https://example.com/b', reward: 120, requiredVipTier: null },
      { title: 'Gold Only', url: 'https://example.com/g', reward: 800, requiredVipTier: 'VIPGOLD2000' },
      { title: 'VIP300 Only', url: 'https://example.com/v', reward: 500, requiredVipTier: 'VIP300' },
      { title: 'Switched Off', url: 'https://example.com/o', reward: 100, requiredVipTier: null, isActive: false },
    ])
    .returning(['id', 'title'])
    .execute();
  for (const row of rows) tasks[row.title] = row.id;
});

let people = 0;
async function member(options: { vip?: { tier: string; days: number; reward: number; limit: number } } = {}) {
  const email = `earner${++people}@example.com`;
  const cookie = await signIn(t.app, email);
  if (options.vip) {
    await db
      .updateTable('users')
      .set({
        vipTier: options.vip.tier,
        vipExpiresAt: new Date(t.clock.now.getTime() + options.vip.days * 86_400_000),
        vipDailyTaskLimit: options.vip.limit,
        vipRewardPerTask: options.vip.reward,
      })
      .where('email', '=', email)
      .execute();
  }
  return cookie;
}

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const start = (taskId: string, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/tasks/${encodeURIComponent(taskId)}/start`, headers: { cookie } });
const complete = (taskId: string, cookie: string) => get(`/api/tasks/${encodeURIComponent(taskId)}/redirect-complete`, cookie);
const later = (seconds: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
};

/** Starts a task, lets the view time pass, completes it. */
async function earn(taskId: string, cookie: string) {
  expect((await start(taskId, cookie)).statusCode).toBe(200);
  later(21);
  return (await complete(taskId, cookie)).json();
}

describe('task list', () => {
  it('shows a FREE member the untiered tasks and View Product Page, at each task’s own reward', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    const list = (await get('/api/tasks', cookie)).json();
    expect(list.map((task: { title: string }) => task.title).sort()).toEqual(['Read Blog', 'View Product Page']);
    expect(list.find((task: { title: string }) => task.title === 'Read Blog').reward).toBe('1.20');
  });

  it('shows a VIP member the tasks of their tier, paying the plan’s reward', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member({ vip: { tier: 'VIPGOLD2000', days: 15, reward: 1_600, limit: 10 } });
    const list = (await get('/api/tasks', cookie)).json();
    expect(list.map((task: { title: string }) => task.title).sort()).toEqual(['Gold Only', 'Read Blog', 'View Product Page']);
    expect(new Set(list.map((task: { reward: string }) => task.reward))).toEqual(new Set(['16.00']));
  });

  it('needs a session', async () => {
    expect((await t.app.inject('/api/tasks')).statusCode).toBe(401);
  });
});

describe('one task for the task browser', () => {
  it('answers the task as the member’s list shows it, with the viewing time', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    const free = (await get(`/api/tasks/${tasks['Read Blog']}`, cookie)).json();
    expect(free).toMatchObject({ id: tasks['Read Blog'], title: 'Read Blog', reward: '1.20', durationSeconds: 20 });
    expect(free.url).toMatch(/^https:\/\//);
    const vip = await member({ vip: { tier: 'VIPGOLD2000', days: 15, reward: 1_600, limit: 10 } });
    expect((await get(`/api/tasks/${tasks['Read Blog']}`, vip)).json().reward).toBe('16.00');
  });

  it('answers 404 for a task that is unknown, off, or for another tier, and 401 without a session', async () => {
    const cookie = await member();
    for (const id of [tasks['Gold Only'], 'no-such-task', '00000000-0000-0000-0000-000000000000']) {
      const answer = await get(`/api/tasks/${id}`, cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
    }
    expect((await t.app.inject(`/api/tasks/${tasks['Read Blog']}`)).statusCode).toBe(401);
  });
});

describe('proof of view', () => {
  it('credits a view that lasted the view time, once, with its proof in the history', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    const started = await start(tasks['Read Blog']!, cookie);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ durationSeconds: 20, startedAt: MANILA_MORNING.toISOString() });
    later(20);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: true, reward: '1.20' });
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'already-completed' });

    const me = (await get('/api/auth/user', cookie)).json();
    expect(me).toMatchObject({ availableBalance: '1.20', totalEarnings: '1.20', completedTasks: 1 });
    const [row] = (await get('/api/transactions', cookie)).json();
    expect(row).toMatchObject({
      type: 'earning',
      amount: '1.20',
      availableChange: '+1.20',
      status: 'completed',
      proof: { taskId: tasks['Read Blog'], taskTitle: 'Read Blog', startedAt: MANILA_MORNING.toISOString(), secondsViewed: 20 },
    });
  });

  it('refuses a view that was not started or is too short', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-not-started' });
    await start(tasks['Read Blog']!, cookie);
    later(19);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-too-short' });
    later(1);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toMatchObject({ success: true });
  });

  it('answers task-not-found for ids of any shape and for tasks the member cannot see', async () => {
    const cookie = await member();
    for (const id of [
      'nope',
      '00000000-0000-0000-0000-000000000000',
      "1' OR '1'='1",
      '🙂',
      'x'.repeat(150),
      tasks['Switched Off']!,
      tasks['Gold Only']!,
    ]) {
      expect((await complete(id, cookie)).json(), id).toEqual({ success: false, error: 'task-not-found' });
    }
    expect((await complete(tasks['Switched Off']!, cookie)).statusCode).toBe(200);
    const refused = await start(tasks['Gold Only']!, cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
  });
});

describe('one open view at a time', () => {
  /** The open views of the member made last. */
  const openViews = () =>
    db
      .selectFrom('taskViews as v')
      .innerJoin('users as u', 'u.id', 'v.userId')
      .select(['v.id', 'v.taskId'])
      .where('u.email', '=', `earner${people}@example.com`)
      .where('v.completedAt', 'is', null)
      .where('v.closedAt', 'is', null)
      .execute();

  it('answers twenty concurrent starts of one task with one view, and no error', async () => {
    const cookie = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(tasks['Read Blog']!, cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.json().viewId)).size).toBe(1);
    expect(await openViews()).toHaveLength(1);
  });

  it('keeps the open view when the same task is started again', async () => {
    const cookie = await member();
    const first = (await start(tasks['Read Blog']!, cookie)).json();
    later(5);
    const again = (await start(tasks['Read Blog']!, cookie)).json();
    expect(again).toEqual(first);
  });

  it('credits the open view of another task that lasted its time when a task is started, and says so', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    await start(tasks['Read Blog']!, cookie);
    later(30);
    // The member left the task browser after the timer and starts another task: the finished view pays first.
    const second = await start(tasks['View Product Page']!, cookie);
    expect(second.json()).toMatchObject({ collected: { taskId: tasks['Read Blog'], reward: '1.20' } });
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'already-completed' });
    expect(await openViews()).toEqual([{ id: expect.any(String), taskId: tasks['View Product Page'] }]);
    later(21);
    expect((await complete(tasks['View Product Page']!, cookie)).json()).toEqual({ success: true, reward: '1.50' });
    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({ completedTasks: 2, availableBalance: '2.70' });
  });

  it('closes the open view of another task, uncredited, when it had not lasted its time', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    await start(tasks['Read Blog']!, cookie);
    later(10);
    expect((await start(tasks['View Product Page']!, cookie)).json()).toMatchObject({ collected: null });
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-not-started' });
    expect(await openViews()).toEqual([{ id: expect.any(String), taskId: tasks['View Product Page'] }]);
  });

  it('credits the last finished view of the day, then refuses the new start with a message that says both', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    const titles = ['Read Blog', 'View Product Page'];
    // Four of the free day's five, then a fifth left open after its time.
    for (let i = 0; i < 4; i++) {
      await start(tasks[titles[i % 2]!]!, cookie);
      later(21);
      expect((await complete(tasks[titles[i % 2]!]!, cookie)).json()).toMatchObject({ success: true });
    }
    await start(tasks['Read Blog']!, cookie);
    later(25);
    const refused = await start(tasks['View Product Page']!, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        '₱1.20 for the task you finished earlier was added to your balance. That was your last task for today: please come back tomorrow.',
      code: 'FORBIDDEN',
      collectedTaskId: tasks['Read Blog'],
      collectedReward: '1.20',
    });
    expect(await openViews()).toEqual([]);
    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({ completedTasks: 5 });
  });

  it('leaves one view open, and no 5xx, when one member starts several tasks at once', async () => {
    const cookie = await member();
    const titles = ['Read Blog', 'View Product Page', 'Read Blog', 'View Product Page', 'Read Blog', 'View Product Page'];
    const answers = await Promise.all(titles.map((title) => start(tasks[title]!, cookie)));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(await openViews()).toHaveLength(1);
  });

  it('ends a view left open for 10 minutes without credit; starting the task again opens a new one', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    const first = (await start(tasks['Read Blog']!, cookie)).json();
    later(10 * 60);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-expired' });
    expect(await openViews()).toEqual([]);

    const second = (await start(tasks['Read Blog']!, cookie)).json();
    expect(second.viewId).not.toBe(first.viewId);
    // An expired view is replaced by a start of its own task too.
    later(10 * 60);
    const third = (await start(tasks['Read Blog']!, cookie)).json();
    expect(third.viewId).not.toBe(second.viewId);
    later(21);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: true, reward: '1.20' });
  });

  it('answers a completion that finds no open view by how the latest view of the task ended', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    await start(tasks['Read Blog']!, cookie);
    later(21);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: true, reward: '1.20' });
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'already-completed' });

    // Sent again after the view expired (as a duplicate that lost the race is): still the expiry, not the earlier credit.
    await start(tasks['Read Blog']!, cookie);
    later(10 * 60);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-expired' });
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-expired' });

    // Replaced by a start of another task before its time: no credit, and nothing to collect.
    await start(tasks['Read Blog']!, cookie);
    later(5);
    await start(tasks['View Product Page']!, cookie);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'view-not-started' });
  });
});

describe('views timed by the database’s clock', () => {
  it('measures a view with the database’s clock, whatever the clocks of the instances say', async () => {
    // Two instances of one deployment, their clocks two minutes behind and two minutes ahead.
    const behind = await startTestApp({}, t, { viewClock: 'database', clock: { now: new Date(Date.now() - 120_000) } });
    const ahead = await startTestApp({}, t, { viewClock: 'database', clock: { now: new Date(Date.now() + 120_000) } });
    try {
      const cookie = await member();
      const started = await behind.app.inject({ method: 'POST', url: `/api/tasks/${tasks['Read Blog']}/start`, headers: { cookie } });
      expect(started.statusCode).toBe(200);
      expect(Math.abs(Date.parse(started.json().startedAt) - Date.now())).toBeLessThan(60_000);
      const completeOn = async (instance: TestApp) =>
        (await instance.app.inject({ url: `/api/tasks/${tasks['Read Blog']}/redirect-complete`, headers: { cookie } })).json();
      // By the instances' clocks four minutes passed; by the database's, none.
      expect(await completeOn(ahead)).toEqual({ success: false, error: 'view-too-short' });

      const age = async (seconds: number) =>
        db
          .updateTable('taskViews')
          .set({ startedAt: sql`started_at - make_interval(secs => ${seconds})` })
          .where('id', '=', started.json().viewId)
          .execute();
      await age(21);
      expect(await completeOn(ahead)).toEqual({ success: true, reward: '1.20' });

      const next = await ahead.app.inject({ method: 'POST', url: `/api/tasks/${tasks['View Product Page']}/start`, headers: { cookie } });
      await db
        .updateTable('taskViews')
        .set({ startedAt: sql`started_at - interval '601 seconds'` })
        .where('id', '=', next.json().viewId)
        .execute();
      expect(
        (await behind.app.inject({ url: `/api/tasks/${tasks['View Product Page']}/redirect-complete`, headers: { cookie } })).json(),
      ).toEqual({
        success: false,
        error: 'view-expired',
      });
    } finally {
      await behind.close();
      await ahead.close();
    }
  });

  it('never shortens the view time but by TASK_VIEW_SECONDS', async () => {
    const quick = await startTestApp({ TASK_VIEW_SECONDS: '5' });
    try {
      const [task] = await quick.database.db
        .insertInto('tasks')
        .values({ title: 'Quick', url: 'https://example.com/q', reward: 100 })
        .returning('id')
        .execute();
      const cookie = await signIn(quick.app, 'quick@example.com');
      const started = await quick.app.inject({ method: 'POST', url: `/api/tasks/${task!.id}/start`, headers: { cookie } });
      expect(started.json().durationSeconds).toBe(5);
      quick.clock.now = new Date(quick.clock.now.getTime() + 5_000);
      const done = await quick.app.inject({ url: `/api/tasks/${task!.id}/redirect-complete`, headers: { cookie } });
      expect(done.json()).toEqual({ success: true, reward: '1.00' });
    } finally {
      await quick.close();
    }
  });

  it('credits one of 1,000 concurrent completions of one view', { timeout: 120_000 }, async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    await start(tasks['Read Blog']!, cookie);
    later(30);
    const answers = await Promise.all(Array.from({ length: 1000 }, () => complete(tasks['Read Blog']!, cookie)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.success)).toHaveLength(1);
    expect(bodies.filter((body) => body.error === 'already-completed')).toHaveLength(999);
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM transactions t JOIN users u ON u.id = t.user_id
      WHERE u.email = ${`earner${people}@example.com`} AND t.type = 'earning'
    `.execute(db);
    expect(rows[0]?.count).toBe(1);
  });
});

describe('daily limit', () => {
  it('allows 5 tasks on a Manila day for FREE members and resets at Manila midnight', async () => {
    t.clock.now = new Date('2026-03-02T15:50:00Z'); // 23:50 in Manila
    const cookie = await member();
    for (let i = 0; i < 5; i++) expect(await earn(tasks['Read Blog']!, cookie)).toMatchObject({ success: true });
    const status = (await get('/api/vip/status', cookie)).json();
    expect(status).toMatchObject({ vipTier: 'FREE', dailyTaskLimit: 5, tasksCompletedToday: 5, tasksRemaining: 0 });
    // One task done five times is one task done today, for the list's mark.
    expect(status.tasksDoneToday).toEqual([tasks['Read Blog']]);

    const refused = await start(tasks['Read Blog']!, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have reached your daily task limit. Please try again tomorrow.');

    t.clock.now = new Date('2026-03-02T16:00:00Z'); // 00:00 the next day in Manila
    expect((await get('/api/vip/status', cookie)).json()).toMatchObject({ tasksCompletedToday: 0, tasksRemaining: 5, tasksDoneToday: [] });
    expect(await earn(tasks['Read Blog']!, cookie)).toMatchObject({ success: true });
  });

  it('refuses the completion of a view opened before the limit dropped below the day’s count', async () => {
    t.clock.now = MANILA_MORNING;
    // A plan of 10 a day that ends three minutes from now: then the FREE limit of 5 applies.
    const cookie = await member({ vip: { tier: 'VIP300', days: 180 / 86_400, reward: 266, limit: 10 } });
    for (let i = 0; i < 6; i++) expect(await earn(tasks['Read Blog']!, cookie)).toMatchObject({ success: true });
    expect((await start(tasks['Read Blog']!, cookie)).statusCode).toBe(200);
    later(60);
    expect((await complete(tasks['Read Blog']!, cookie)).json()).toEqual({ success: false, error: 'daily-limit-reached' });
  });

  it('gives a VIP member the plan’s limit and reward, and FREE terms again after expiry', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member({ vip: { tier: 'VIP300', days: 1, reward: 266, limit: 10 } });
    for (let i = 0; i < 10; i++) expect(await earn(tasks['VIP300 Only']!, cookie)).toEqual({ success: true, reward: '2.66' });
    expect((await start(tasks['Read Blog']!, cookie)).statusCode).toBe(403);
    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({ vipTier: 'VIP300', availableBalance: '26.60' });

    later(86_400); // the plan has expired
    expect((await get('/api/vip/status', cookie)).json()).toMatchObject({ vipTier: 'FREE', vipExpiresAt: null, dailyTaskLimit: 5 });
    expect((await get('/api/auth/user', cookie)).json().vipTier).toBe('FREE');
    expect((await start(tasks['VIP300 Only']!, cookie)).statusCode).toBe(404);
    expect(await earn(tasks['Read Blog']!, cookie)).toEqual({ success: true, reward: '1.20' });
  });
});

describe('account and site state', () => {
  it('refuses earning calls to a suspended member with the reason', async () => {
    const cookie = await member();
    await db
      .updateTable('users')
      .set({ accountStatus: 'suspended', statusReason: 'Payment check' })
      .where('email', '=', `earner${people}@example.com`)
      .execute();
    const refused = await start(tasks['Read Blog']!, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is suspended: Payment check');
    expect((await complete(tasks['Read Blog']!, cookie)).statusCode).toBe(403);
    expect((await get('/api/tasks', cookie)).statusCode).toBe(200);
  });

  it('answers members 503 with the message during maintenance; admins and the status call pass', async () => {
    const cookie = await member();
    await db.updateTable('systemSettings').set({ maintenance: true, message: 'Back at noon' }).execute();
    try {
      for (const url of ['/api/tasks', '/api/transactions', '/api/vip/status']) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({ message: 'Back at noon', code: 'SERVICE_UNAVAILABLE' });
      }
      expect((await start(tasks['Read Blog']!, cookie)).statusCode).toBe(503);
      expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
      expect((await t.app.inject('/api/maintenance-status')).json()).toMatchObject({ maintenance: true, message: 'Back at noon' });

      t.config.ADMIN_EMAILS.push(`earner${people}@example.com`);
      await db.updateTable('users').set({ isAdmin: true }).where('email', '=', `earner${people}@example.com`).execute();
      expect((await get('/api/tasks', cookie)).statusCode).toBe(200);

      await db.updateTable('systemSettings').set({ maintenance: false, websiteStatus: 'off' }).execute();
      const other = await member();
      expect((await get('/api/tasks', other)).statusCode).toBe(503);
    } finally {
      await db.updateTable('systemSettings').set({ maintenance: false, websiteStatus: 'on' }).execute();
    }
  });
});

describe('statement', () => {
  it('downloads the history as CSV with the running balance', async () => {
    t.clock.now = MANILA_MORNING;
    const cookie = await member();
    await earn(tasks['Read Blog']!, cookie);
    await earn(tasks['View Product Page']!, cookie);
    const response = await get('/api/transactions/statement.csv', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="statement-2026-03-02\.csv"/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Time (UTC),Transaction ID,Type,Description,Status,Amount,Balance change,Available balance after,Pending bonus change',
    );
    expect(lines).toHaveLength(3);
    // Credits are written +, as on the history screen: a signed amount is a number, not a formula to defuse.
    expect(lines[1]).toMatch(/^"Mar 2, 2026",.*,earning,Task completed: Read Blog,completed,\+1\.20,\+1\.20,1\.20,0\.00$/);
    expect(lines[2]).toMatch(/,2\.70,0\.00$/);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers 400, not 500, to a NUL character in a path or a body', async () => {
    const cookie = await member();
    const inPath = await start('abc\u0000', cookie);
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual({ message: 'Text must not contain NUL characters', code: 'BAD_REQUEST' });
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { cookie },
      payload: { paymentMethod: 'G-CASH', amount: 150, paymentDetails: 'a\u0000b' },
    });
    expect(inBody.statusCode).toBe(400);
  });
});
