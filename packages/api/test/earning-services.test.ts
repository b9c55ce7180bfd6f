import { FREE_DAILY_TASK_LIMIT } from '@app/contracts';
import { type AppCaches, createAppCaches, type DbHandle, insertUser, rememberRowVersion, type UserRow } from '@app/db';
import { createTestDb, silentFeed } from '@app/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeView } from '../src/tasks/complete';
import { startView } from '../src/tasks/start';
import type { ViewClock } from '../src/tasks/view-clock';

/*
 * Proof of view called directly on a database, without HTTP (docs/testing.md#test-layers,
 * docs/product-rules.md#decided-rules): a view is credited once, only after its time, and never past the
 * day's limit. The views are timed by a clock the test moves (the server's; in production the database's).
 */

let handle: DbHandle;
/** This instance's caches over the test database: a start reads the task catalogue from them. */
let caches: AppCaches;
const timeZone = 'Asia/Manila';
const viewSeconds = 20;
const morning = new Date('2026-11-20T01:00:00.000Z');
let counter = 0;

beforeAll(async () => {
  handle = await createTestDb();
  caches = createAppCaches(await handle.changes());
});
afterAll(async () => {
  await handle.close();
});

const later = (seconds: number) => new Date(morning.getTime() + seconds * 1000);
const clockAt = (now: Date): ViewClock => ({ source: 'server', now });

async function task(reward = 120) {
  counter += 1;
  return handle.db
    .insertInto('tasks')
    .values({ title: `Task ${counter}`, url: `https://example.com/${counter}`, reward })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function freshMember() {
  counter += 1;
  return insertUser(handle.db, { email: `earning-services-${counter}@example.com` });
}

const start = (user: Awaited<ReturnType<typeof freshMember>>, taskId: string, now: Date) =>
  startView({ db: handle.db, caches }, user, taskId, { now, timeZone, viewSeconds, clock: clockAt(now) });
/** The member's row as a signed-in request reads it: with its version (as packages/auth's session lookup does). */
async function asRead(userId: string): Promise<UserRow> {
  const {
    rows: [row],
  } = await sql<UserRow & { userVersion: string }>`SELECT u.*, u.xmin::text AS user_version FROM users u WHERE u.id = ${userId}`.execute(
    handle.db,
  );
  const { userVersion, ...user } = row as UserRow & { userVersion: string };
  rememberRowVersion(user, userVersion);
  return user;
}

/** A completion by the member as their request reads them now, or by the row given (read earlier). */
const complete = async (member: string | UserRow, taskId: string, now: Date) =>
  completeView({ db: handle.db, caches }, typeof member === 'string' ? await asRead(member) : member, taskId, {
    now,
    timeZone,
    viewSeconds,
    clock: clockAt(now),
  });

function earningsOf(userId: string) {
  return handle.db.selectFrom('transactions').select(['amount']).where('userId', '=', userId).where('type', '=', 'earning').execute();
}

describe('a view', () => {
  it('is credited once, with one ledger row, after its time and not before', async () => {
    const member = await freshMember();
    const { id } = await task(150);
    expect(await start(member, id, morning)).toMatchObject({ ok: true });

    expect(await complete(member.id, id, later(viewSeconds - 1))).toEqual({ success: false, error: 'view-too-short' });
    expect(await complete(member.id, id, later(viewSeconds))).toEqual({ success: true, reward: '1.50' });
    expect(await complete(member.id, id, later(viewSeconds + 1))).toMatchObject({ success: false });
    expect(await earningsOf(member.id)).toEqual([{ amount: 150 }]);
  });

  it('is not credited without a start, nor after it expired at 10 minutes', async () => {
    const member = await freshMember();
    const { id } = await task();
    expect(await complete(member.id, id, morning)).toEqual({ success: false, error: 'view-not-started' });
    await start(member, id, morning);
    expect(await complete(member.id, id, later(600))).toEqual({ success: false, error: 'view-expired' });
    expect(await earningsOf(member.id)).toEqual([]);
  });

  it('is closed without credit when the member starts another task before its time', async () => {
    const member = await freshMember();
    const [first, second] = [await task(), await task()];
    await start(member, first.id, morning);
    expect(await start(member, second.id, later(5))).toMatchObject({ ok: true, collected: null });
    expect(await complete(member.id, first.id, later(viewSeconds + 5))).toMatchObject({ success: false });
    expect(await complete(member.id, second.id, later(viewSeconds + 5))).toMatchObject({ success: true });
    expect(await earningsOf(member.id)).toHaveLength(1);
  });

  it('is credited, once, by the start of another task once it lasted its time: a finished view is never lost', async () => {
    const member = await freshMember();
    const [first, second] = [await task(130), await task(140)];
    await start(member, first.id, morning);
    expect(await start(member, second.id, later(viewSeconds))).toMatchObject({ ok: true, collected: { taskId: first.id, reward: '1.30' } });
    expect(await complete(member.id, first.id, later(viewSeconds + 1))).toEqual({ success: false, error: 'already-completed' });
    expect(await earningsOf(member.id)).toEqual([{ amount: 130 }]);
  });

  it('is not credited by the next start once it expired', async () => {
    const member = await freshMember();
    const [first, second] = [await task(), await task()];
    await start(member, first.id, morning);
    expect(await start(member, second.id, later(600))).toMatchObject({ ok: true, collected: null });
    expect(await earningsOf(member.id)).toEqual([]);
  });
});

describe('a completion by a member row read before a change to it', () => {
  it('is credited as the row is now: a plan approved meanwhile pays its reward', async () => {
    const member = await freshMember();
    const { id } = await task(120);
    await start(member, id, morning);
    const readBefore = await asRead(member.id);
    await handle.db
      .updateTable('users')
      .set({ vipTier: 'VIP300', vipExpiresAt: later(86_400), vipRewardPerTask: 999, vipDailyTaskLimit: 10 })
      .where('id', '=', member.id)
      .execute();
    expect(await complete(readBefore, id, later(viewSeconds))).toEqual({ success: true, reward: '9.99' });
    expect(await earningsOf(member.id)).toEqual([{ amount: 999 }]);
  });

  it('is refused at the day’s limit when a plan ended meanwhile, and the view stays open', async () => {
    const member = await freshMember();
    const plan = { vipTier: 'VIP300', vipExpiresAt: later(86_400), vipRewardPerTask: 100, vipDailyTaskLimit: FREE_DAILY_TASK_LIMIT + 5 };
    await handle.db.updateTable('users').set(plan).where('id', '=', member.id).execute();
    const tasks = [];
    for (let i = 0; i <= FREE_DAILY_TASK_LIMIT; i++) tasks.push(await task());
    for (const [i, { id }] of tasks.slice(0, FREE_DAILY_TASK_LIMIT).entries()) {
      await start(await asRead(member.id), id, later(i * 60));
      expect(await complete(member.id, id, later(i * 60 + viewSeconds))).toMatchObject({ success: true });
    }
    const last = tasks[FREE_DAILY_TASK_LIMIT]!;
    const readBefore = await asRead(member.id);
    expect(await start(readBefore, last.id, later(600))).toMatchObject({ ok: true });
    await handle.db
      .updateTable('users')
      .set({ vipTier: 'FREE', vipExpiresAt: null, vipRewardPerTask: null, vipDailyTaskLimit: null })
      .where('id', '=', member.id)
      .execute();
    expect(await complete(readBefore, last.id, later(600 + viewSeconds))).toEqual({ success: false, error: 'daily-limit-reached' });
    expect(await earningsOf(member.id)).toHaveLength(FREE_DAILY_TASK_LIMIT);
    const open = await handle.db.selectFrom('taskViews').select('id').where('userId', '=', member.id).where('taskId', '=', last.id);
    expect(await open.where('completedAt', 'is', null).where('closedAt', 'is', null).execute()).toHaveLength(1);
  });
});

describe('a completion on an instance that has not heard of a change to the task yet', () => {
  const options = (now: Date) => ({ now, timeZone, viewSeconds, clock: clockAt(now) });

  it('pays the reward the task pays now, and nothing for a task switched off meanwhile', async () => {
    const behind = { db: handle.db, caches: createAppCaches(silentFeed(true)) };
    const member = await freshMember();
    const [repriced, switchedOff] = [await task(120), await task(120)];
    await startView(behind, member, repriced.id, options(morning));
    await handle.db.updateTable('tasks').set({ reward: 150 }).where('id', '=', repriced.id).execute();
    expect(await completeView(behind, await asRead(member.id), repriced.id, options(later(viewSeconds)))).toEqual({
      success: true,
      reward: '1.50',
    });

    await startView(behind, await asRead(member.id), switchedOff.id, options(later(60)));
    await handle.db.updateTable('tasks').set({ isActive: false }).where('id', '=', switchedOff.id).execute();
    expect(await completeView(behind, await asRead(member.id), switchedOff.id, options(later(60 + viewSeconds)))).toEqual({
      success: false,
      error: 'task-not-found',
    });
    expect(await earningsOf(member.id)).toEqual([{ amount: 150 }]);
  });
});

describe('the daily limit', () => {
  it(`stops a free member at ${FREE_DAILY_TASK_LIMIT} credited views a day: the next start is refused`, async () => {
    const member = await freshMember();
    const tasks = [];
    for (let i = 0; i <= FREE_DAILY_TASK_LIMIT; i++) tasks.push(await task());
    for (const [i, { id }] of tasks.slice(0, FREE_DAILY_TASK_LIMIT).entries()) {
      const at = later(i * 60);
      await start(member, id, at);
      expect(await complete(member.id, id, later(i * 60 + viewSeconds))).toMatchObject({ success: true });
    }
    const extra = tasks[FREE_DAILY_TASK_LIMIT]!;
    expect(await start(member, extra.id, later(3600))).toEqual({ ok: false, reason: 'daily-limit-reached', collected: null });
    expect(await earningsOf(member.id)).toHaveLength(FREE_DAILY_TASK_LIMIT);
  });
});
