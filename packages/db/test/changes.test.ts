import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Change, ChangeCache, type ChangeFeed, COLD_FEED_MAX_AGE_MS, insertUser, parseChange, postToLedger } from '../src';
import { QUEUE_MONEY_CHANGES_SETTING } from '../src/changes';
import { CHANGES_APPLICATION_NAME, postgresChangeFeed } from '../src/postgres-changes';
import { createTestDb, type TestDbHandle } from '../src/testing';

/** Resolves with the first change `feed` delivers that `matches`, or rejects after `ms`. */
function nextChange(feed: ChangeFeed, matches: (change: Change) => boolean, ms = 2_000): Promise<Change> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no change arrived'));
    }, ms);
    const stop = feed.subscribe((change) => {
      if (!matches(change)) return;
      clearTimeout(timer);
      stop();
      resolve(change);
    });
  });
}

function collect(feed: ChangeFeed): Change[] {
  const seen: Change[] = [];
  feed.subscribe((change) => seen.push(change));
  return seen;
}

const until = async (condition: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('change notifications', () => {
  let handle: TestDbHandle;
  let feed: ChangeFeed;

  beforeAll(async () => {
    handle = await createTestDb();
    feed = await handle.changes();
    await until(() => feed.live);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reads payloads as the triggers write them and ignores anything else', () => {
    expect(parseChange('user:42')).toEqual({ topic: 'user', key: '42' });
    expect(parseChange('user:42@7311')).toEqual({ topic: 'user', key: '42', version: '7311' });
    expect(parseChange('session:ab@cd')).toEqual({ topic: 'session', key: 'ab@cd' });
    expect(parseChange('settings')).toEqual({ topic: 'settings', key: null });
    expect(parseChange('member-names')).toEqual({ topic: 'member-names', key: null });
    expect(parseChange('session:a:b')).toEqual({ topic: 'session', key: 'a:b' });
    expect(parseChange('elsewhere:1')).toBeNull();
    expect(parseChange('')).toBeNull();
  });

  it('tells of a committed change to a cached row, by its key, and of nothing a rolled-back transaction did', async () => {
    const user = await insertUser(handle.db, { email: 'feed@example.com' });
    const seen = collect(feed);
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ firstName: 'Never' }).where('id', '=', user.id).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const arrived = nextChange(feed, (change) => change.topic === 'user' && change.key === user.id);
    const { version } = await handle.db
      .updateTable('users')
      .set({ firstName: 'Fe' })
      .where('id', '=', user.id)
      .returning(sql<string>`xmin::text`.as('version'))
      .executeTakeFirstOrThrow();
    await arrived;
    expect(await feed.sync()).toBe(true);
    // The change names the version it made, as the row's xmin shows it (migration 0020).
    expect(seen.filter((change) => change.key === user.id)).toEqual([{ topic: 'user', key: user.id, version }]);
  });

  it('says nothing of a row rewritten with the values it had', async () => {
    const user = await insertUser(handle.db, { email: 'same@example.com', firstName: 'Same' });
    const seen = collect(feed);
    await handle.db.updateTable('users').set({ firstName: 'Same' }).where('id', '=', user.id).execute();
    expect(await feed.sync()).toBe(true);
    expect(seen.filter((change) => change.key === user.id)).toEqual([]);
  });

  it("tells of a member's new e-mail or name as member-names, once per transaction, and of no other change to the member", async () => {
    const user = await insertUser(handle.db, { email: 'names@example.com', firstName: 'Old' });
    const seen = collect(feed);
    await handle.db.updateTable('users').set({ payoutHoldReason: 'Checking' }).where('id', '=', user.id).execute();
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ firstName: 'New' }).where('id', '=', user.id).execute();
      await trx.updateTable('users').set({ email: 'renamed@example.com' }).where('id', '=', user.id).execute();
    });
    expect(await feed.sync()).toBe(true);
    expect(seen.filter((change) => change.topic === 'member-names')).toEqual([{ topic: 'member-names', key: null }]);
  });

  it.each([
    ['settings', sql`UPDATE system_settings SET message = 'Back soon' WHERE id = 1`],
    ['tasks', sql`INSERT INTO tasks (title, url, reward) VALUES ('Feed task', 'https://example.com/feed', 100)`],
    ['plans', sql`UPDATE vip_plans SET price = price WHERE id = 'VIP300'`],
  ] as const)('tells of any change to the %s as a whole', async (topic, statement) => {
    const arrived = nextChange(feed, (change) => change.topic === topic);
    await statement.execute(handle.db);
    expect(await arrived).toEqual({ topic, key: null });
  });

  it('tells which member a support message or a notification is for, and of notifications for everyone', async () => {
    const user = await insertUser(handle.db, { email: 'live@example.com' });
    const support = nextChange(feed, (change) => change.topic === 'support');
    await handle.db.insertInto('supportMessages').values({ userId: user.id, message: 'Hello', isUserMessage: true }).execute();
    expect(await support).toEqual({ topic: 'support', key: user.id });
    const personal = nextChange(feed, (change) => change.topic === 'notifications');
    await handle.db.insertInto('notifications').values({ title: 'For you', message: 'Hi', userId: user.id, isGlobal: false }).execute();
    expect(await personal).toEqual({ topic: 'notifications', key: user.id });
    const everyone = nextChange(feed, (change) => change.topic === 'notifications');
    await handle.db.insertInto('notifications').values({ title: 'For all', message: 'Hi', isGlobal: true }).execute();
    expect(await everyone).toEqual({ topic: 'notifications', key: null });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL feed', () => {
  let handle: TestDbHandle;
  let feed: ChangeFeed;

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await feed?.close();
    await handle.close();
  });

  it('goes down when its connection is cut, and listens again by itself', async () => {
    const url = handle.databaseUrl ?? '';
    const pool = postgres(url, { max: 1, onnotice: () => {} });
    feed = postgresChangeFeed(url, pool, { heartbeatMs: 100, retryMs: 500 });
    const statuses: boolean[] = [];
    feed.onStatus((live) => statuses.push(live));
    await until(() => feed.live);

    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = ${CHANGES_APPLICATION_NAME} AND datname = current_database()`.execute(handle.db);
    await until(() => statuses.includes(false));
    // Down, a sync cannot confirm anything: it says so, and tells the caches again to go cold.
    expect(await feed.sync()).toBe(false);
    await until(() => feed.live);
    expect(statuses).toEqual([true, false, false, true]);
    const arrived = nextChange(feed, (change) => change.topic === 'settings');
    await sql`UPDATE system_settings SET message = 'After the cut' WHERE id = 1`.execute(handle.db);
    await arrived;
    expect(await feed.sync()).toBe(true);
    await pool.end();
  });

  it("queues the application's money changes and sends each member's once, before a sync's own notification", async () => {
    const changes = await handle.changes();
    await until(() => changes.live);
    const user = await insertUser(handle.db, { email: 'queued@example.com' });
    expect(await changes.sync()).toBe(true);
    const seen = collect(changes);
    const url = handle.databaseUrl ?? '';
    const application = postgres(url, { max: 1, onnotice: () => {}, connection: { [QUEUE_MONEY_CHANGES_SETTING]: 'on' } });
    const script = postgres(url, { max: 1, onnotice: () => {} });
    const queuedFor = async (sql: postgres.TransactionSql) =>
      Number((await sql`SELECT count(*) AS n FROM queued_changes WHERE payload LIKE ${`user:${user.id}@%`}`)[0]?.n);

    // Inside each transaction, what it queued is its own to see (and no sender's, until it commits).
    const [queued, version] = await application.begin(async (sql) => {
      for (let i = 0; i < 3; i++) await sql`UPDATE users SET available_balance = available_balance + 100 WHERE id = ${user.id}`;
      return [await queuedFor(sql), String((await sql`SELECT xmin::text AS version FROM users WHERE id = ${user.id}`)[0]?.version)];
    });
    expect(queued).toBe(3);
    expect(await changes.sync()).toBe(true);
    expect(seen.filter((change) => change.key === user.id)).toEqual([{ topic: 'user', key: user.id, version }]);

    // A hold is no money change, and a session that does not ask to queue (psql, a script) notifies at once.
    const arrived = nextChange(changes, (change) => change.key === user.id);
    expect(
      await application.begin(async (sql) => {
        await sql`UPDATE users SET payout_hold_reason = 'Checking' WHERE id = ${user.id}`;
        return queuedFor(sql);
      }),
    ).toBe(0);
    await arrived;
    expect(
      await script.begin(async (sql) => {
        await sql`UPDATE users SET available_balance = available_balance + 100 WHERE id = ${user.id}`;
        return queuedFor(sql);
      }),
    ).toBe(0);

    // A ledger post through the application's pool queues the member and the ledger; a pending bonus's as well.
    const posted = await handle.db.transaction().execute(async (trx) => {
      await postToLedger(trx, { userId: user.id, type: 'admin_adjustment', amount: 500, description: 'Queued', createdAt: new Date() });
      await postToLedger(trx, {
        userId: user.id,
        type: 'referral_bonus_pending',
        amount: 500,
        description: 'Queued',
        createdAt: new Date(),
      });
      return (await sql<{ payload: string }>`SELECT payload FROM queued_changes ORDER BY payload`.execute(trx)).rows.map(
        (row) => row.payload,
      );
    });
    const queuedMember = expect.stringMatching(new RegExp(`^user:${user.id}@\\d+$`));
    expect(posted).toEqual(['ledger', 'ledger', queuedMember, queuedMember]);
    expect(await changes.sync()).toBe(true);
    expect(seen).toContainEqual({ topic: 'ledger', key: null });
    expect(seen.filter((change) => change.key === user.id)).toHaveLength(4);
    expect(Number((await script`SELECT count(*) AS n FROM queued_changes`)[0]?.n)).toBe(0);
    await Promise.all([application.end(), script.end()]);
  });
});

/** A feed whose status a test sets, and whose changes it sends. */
function fakeFeed() {
  const listeners = new Set<(change: Change) => void>();
  const statusListeners = new Set<(live: boolean) => void>();
  const feed = {
    live: true as boolean,
    subscribe: (listener: (change: Change) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus: (listener: (live: boolean) => void) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    sync: async () => true,
    markBehind: () => {},
    catchUp: () => undefined,
    sendQueuedSoon: () => {},
    close: async () => {},
  } satisfies ChangeFeed;
  return {
    feed,
    send: (change: Change) => {
      for (const listener of listeners) listener(change);
    },
    setLive: (live: boolean) => {
      feed.live = live;
      for (const listener of statusListeners) listener(live);
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('ChangeCache', () => {
  const clock = { now: 0 };
  const make = () => {
    const fake = fakeFeed();
    const cache = new ChangeCache<string>(fake.feed, { topics: ['user'], maxEntries: 3, now: () => clock.now });
    let loads = 0;
    const load = (value: string) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    return { ...fake, cache, load, loads: () => loads };
  };

  it('serves a value until its row changes, then reads it again', async () => {
    const { cache, load, loads, send } = make();
    expect(await cache.get('1', load('a'))).toBe('a');
    expect(await cache.get('1', load('b'))).toBe('a');
    send({ topic: 'session', key: '1' });
    expect(await cache.get('1', load('b'))).toBe('a');
    send({ topic: 'user', key: '1' });
    expect(await cache.get('1', load('c'))).toBe('c');
    expect(loads()).toBe(2);
  });

  it('answers a load its row changed during, but does not keep it', async () => {
    const { cache, send } = make();
    const slow = deferred<string>();
    const answer = cache.get('1', () => slow.promise);
    send({ topic: 'user', key: '1' });
    slow.resolve('before the change');
    expect(await answer).toBe('before the change');
    expect(await cache.get('1', () => Promise.resolve('after the change'))).toBe('after the change');
  });

  it('shares one load between concurrent misses', async () => {
    const { cache, load, loads } = make();
    const answers = await Promise.all([cache.get('1', load('a')), cache.get('1', load('a')), cache.get('1', load('a'))]);
    expect(answers).toEqual(['a', 'a', 'a']);
    expect(loads()).toBe(1);
  });

  it('drops the least recently used entry beyond its size', async () => {
    const { cache, load, loads } = make();
    for (const key of ['1', '2', '3']) await cache.get(key, load(key));
    await cache.get('1', load('1'));
    await cache.get('4', load('4'));
    expect(cache.size).toBe(3);
    await cache.get('1', load('1'));
    expect(loads()).toBe(4);
    await cache.get('2', load('2'));
    expect(loads()).toBe(5);
  });

  it('goes cold when the feed goes down, keeps values at most 5 s while it is down, and goes cold again when it is back', async () => {
    const { cache, load, loads, setLive } = make();
    clock.now = 1_000;
    await cache.get('1', load('a'));
    setLive(false);
    expect(await cache.get('1', load('b'))).toBe('b');
    clock.now += COLD_FEED_MAX_AGE_MS - 1;
    expect(await cache.get('1', load('c'))).toBe('b');
    clock.now += 1;
    expect(await cache.get('1', load('d'))).toBe('d');
    setLive(true);
    expect(await cache.get('1', load('e'))).toBe('e');
    clock.now += 60_000;
    expect(await cache.get('1', load('f'))).toBe('e');
    expect(loads()).toBe(4);
  });

  it('counts a value’s age while the feed is down from when its read began, not from when it ended', async () => {
    const { cache, load, setLive } = make();
    setLive(false);
    clock.now = 1_000;
    let finish: (value: string) => void = () => {};
    const slow = cache.get('1', () => new Promise<string>((resolve) => (finish = resolve)));
    clock.now += 2_000;
    finish('slow');
    expect(await slow).toBe('slow');
    clock.now += COLD_FEED_MAX_AGE_MS - 2_001;
    expect(await cache.get('1', load('again'))).toBe('slow');
    clock.now += 1;
    expect(await cache.get('1', load('again'))).toBe('again');
  });

  it('keeps a value read at the version a change names, and drops one read at any other or at none', async () => {
    const fake = fakeFeed();
    const cache = new ChangeCache<{ name: string; version: string }>(fake.feed, {
      topics: ['user'],
      maxEntries: 3,
      versionOf: (value) => value.version,
    });
    const load = (name: string, version: string) => () => Promise.resolve({ name, version });
    await cache.get('1', load('a', '10'));
    fake.send({ topic: 'user', key: '1', version: '10' });
    expect(await cache.get('1', load('b', '11'))).toEqual({ name: 'a', version: '10' });
    fake.send({ topic: 'user', key: '1', version: '12' });
    expect(await cache.get('1', load('c', '12'))).toEqual({ name: 'c', version: '12' });
    fake.send({ topic: 'user', key: '1' });
    expect(await cache.get('1', load('d', '13'))).toEqual({ name: 'd', version: '13' });
  });

  it('gives the writer its own write, drops the row elsewhere, and keeps no load that may have read the row before it', async () => {
    const fake = fakeFeed();
    const cache = new ChangeCache<{ user: string; balance: number }>(fake.feed, {
      topics: ['user', 'session'],
      maxEntries: 5,
      readFrom: (key, value) => [`session:${key}`, `user:${value.user}`],
    });
    const load = (balance: number) => () => Promise.resolve({ user: 'u', balance });
    await cache.get('mine', load(1));
    await cache.get('other', load(1));
    const slow = deferred<{ user: string; balance: number }>();
    const loading = cache.get('third', () => slow.promise);
    expect(cache.replaceAfterWrite('mine', 'user:u', (value) => ({ ...value, balance: 2 }))).toBe(true);
    slow.resolve({ user: 'u', balance: 1 });
    expect(await loading).toEqual({ user: 'u', balance: 1 });
    expect(await cache.get('mine', load(9))).toEqual({ user: 'u', balance: 2 });
    expect(await cache.get('other', load(2))).toEqual({ user: 'u', balance: 2 });
    expect(await cache.get('third', load(3))).toEqual({ user: 'u', balance: 3 });
    // Nothing kept to replace, or no value to keep: the row is dropped everywhere, as by invalidateRow.
    expect(cache.replaceAfterWrite('absent', 'user:u', (value) => value)).toBe(false);
    expect(await cache.get('mine', load(4))).toEqual({ user: 'u', balance: 4 });
    expect(cache.replaceAfterWrite('mine', 'user:u', () => undefined)).toBe(false);
    expect(await cache.get('mine', load(5))).toEqual({ user: 'u', balance: 5 });
  });

  it('drops everything at any change of a topic that clears, and only what a row was read into for the others', async () => {
    const fake = fakeFeed();
    const pages = new ChangeCache<string>(fake.feed, {
      topics: ['queues', 'user'],
      maxEntries: 3,
      readFrom: (key) => [`user:${key}`],
      everyChangeClears: ['queues'],
    });
    const load = (value: string) => () => Promise.resolve(value);
    await pages.get('1', load('a'));
    await pages.get('2', load('b'));
    fake.send({ topic: 'user', key: '1' });
    expect(await pages.get('1', load('a2'))).toBe('a2');
    expect(await pages.get('2', load('b2'))).toBe('b');
    fake.send({ topic: 'queues', key: 'x' });
    expect(await pages.get('1', load('a3'))).toBe('a3');
    expect(await pages.get('2', load('b3'))).toBe('b3');
  });

  it('reads again a kept value that no longer holds by itself', async () => {
    const { cache, load, loads } = make();
    const holds = (value: string) => value !== 'ended';
    expect(await cache.get('1', load('ended'), holds)).toBe('ended');
    expect(await cache.get('1', load('fresh'), holds)).toBe('fresh');
    expect(await cache.get('1', load('other'), holds)).toBe('fresh');
    expect(loads()).toBe(2);
  });

  it('keeps nothing a load read while the feed went down', async () => {
    const { cache, setLive } = make();
    const slow = deferred<string>();
    const answer = cache.get('1', () => slow.promise);
    setLive(false);
    slow.resolve('old');
    await answer;
    expect(await cache.get('1', () => Promise.resolve('new'))).toBe('new');
  });
});
