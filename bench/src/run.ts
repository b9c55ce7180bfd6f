import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BooksReport, checkBooks, createDb, type Db, isEmpty, migrateToLatest, summarizeBooks } from '@app/db';
import { signInThroughDevLogin, signInUnlockedAdmin } from '@app/testkit/requests';
import { sql } from 'kysely';
import { call, httpSender } from './http';
import { REPO_ROOT, startCeiling, startPeerStack, startServer } from './processes';
import { profileMarkdown, profilesIn, summarizeProfile } from './profile';
import { type DatabaseRun, type Environment, resultsMarkdown, type ScenarioRow, spliceResults, type Target } from './report';
import {
  type CycleCounts,
  ceilingScenario,
  cycleScenario,
  DASHBOARD_BATCH_PATH,
  type LoadSettings,
  measure,
  ownPayoutRequest,
  PAYOUT_REQUEST,
  payoutScenario,
  readScenario,
  type Scenario,
  type SignedIn,
  viewKey,
} from './scenarios';
import { BENCH_ADMIN_EMAIL, BENCH_SIZES, benchMemberId, queueSizes, seedBenchData } from './seed';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    scenarios: { type: 'string' },
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
  },
});

const SETTINGS: LoadSettings = { connections: 50, warmupSeconds: Number(args.warmup), seconds: Number(args.seconds) };
const ADMIN_PANEL_PASSWORD = 'bench-admin-panel-password';
const VIEW_SECONDS = 1;
const FREE_DAILY_TASKS = 5;
/**
 * Enough members for the cycle target (1,500 views/s over warm-up and window, 5 free tasks each a day:
 * 3,900) and for the payouts (each member can afford two of 150 pesos: 8,000 allow 16,000 requests in the
 * scenario's 13 s, where 4,000 ran out of balance at 760 requests/s), without signing in all 10,000.
 */
const SIGNED_IN_MEMBERS = 8_000;
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432';
const BENCH_DATABASE = 'pesotasks_bench';
const RESULTS_FILE = path.join(REPO_ROOT, 'bench/RESULTS.md');
const PROFILE_FILE = path.join(REPO_ROOT, 'bench/PROFILE.md');

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** Issue 17: the dashboard's first screen, one batched call, at 3x the 672 batches/s first measured (issue 8's run). */
const dashboardTarget: Target = {
  text: '>= 2,016 batches/s (3x 672)',
  met: (row) => row.measurement.requestsPerSecond >= 2016,
};
/** Issue 17's targets for GET /api/auth/user and GET /api/tasks, against the peer stack measured in the same run. */
const memberReadTarget: Target = {
  text: '>= 3x the peer stack, >= 20% of ceiling, p99 <= 25 ms',
  met: (row, ceiling) => {
    const m = row.measurement;
    if (m.p99Ms > 25 || m.requestsPerSecond < 0.2 * ceiling.requestsPerSecond) return false;
    return row.peer ? m.requestsPerSecond >= 3 * row.peer.requestsPerSecond : undefined;
  },
};
const adminTarget: Target = { text: 'p99 <= 50 ms', met: (row) => row.measurement.p99Ms <= 50 };
const cycleTarget: Target = { text: '>= 1,500 credited views/s, exactly once', met: (row) => (row.viewsPerSecond ?? 0) >= 1500 };

interface DatabaseTarget {
  label: string;
  kind: 'postgres' | 'pglite';
  database: { databaseUrl: string } | { dataDir: string };
}

/** PostgreSQL: DATABASE_URL (which must be empty), else a fresh `pesotasks_bench` on the local server if one answers. */
async function postgresTarget(): Promise<DatabaseTarget | undefined> {
  if (process.env.DATABASE_URL) return { label: 'PostgreSQL', kind: 'postgres', database: { databaseUrl: process.env.DATABASE_URL } };
  const admin = await createDb({ databaseUrl: `${DEFAULT_POSTGRES}/postgres`, maxConnections: 1 });
  try {
    await sql.raw(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${BENCH_DATABASE}`).execute(admin.db);
    return { label: 'PostgreSQL', kind: 'postgres', database: { databaseUrl: `${DEFAULT_POSTGRES}/${BENCH_DATABASE}` } };
  } catch (error) {
    log(`No PostgreSQL at ${DEFAULT_POSTGRES} and no DATABASE_URL (${(error as Error).message}); skipping PostgreSQL.`);
    return undefined;
  } finally {
    await admin.close();
  }
}

async function withDb<T>(target: DatabaseTarget, use: (db: Db) => Promise<T>): Promise<T> {
  const handle = await createDb({ ...target.database, maxConnections: 2 });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

async function prepare(target: DatabaseTarget): Promise<{ seedSeconds: number; version: string }> {
  return withDb(target, async (db) => {
    await migrateToLatest(db);
    if (!(await isEmpty(db))) throw new Error(`${target.label}: the database already holds users; the benchmark needs an empty one`);
    const started = performance.now();
    await seedBenchData(db);
    const seedSeconds = (performance.now() - started) / 1000;
    const { rows } = await sql<{ version: string }>`SELECT version()`.execute(db);
    return { seedSeconds, version: (rows[0]?.version ?? '').replace(/ on .*| \(.*/, '') };
  });
}

/** Every active member as the seed made them, with their seed number (for spreading tasks over them). */
async function activeMembers(target: DatabaseTarget): Promise<{ number: number; email: string }[]> {
  const numbers = new Map(Array.from({ length: BENCH_SIZES.members }, (_, index) => [benchMemberId(index + 1), index + 1]));
  return withDb(target, async (db) => {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('accountStatus', '=', 'active')
      .where('isAdmin', '=', false)
      .execute();
    return rows.flatMap((row) => {
      const number = numbers.get(row.id);
      return number === undefined ? [] : [{ number, email: row.email }];
    });
  });
}

async function freeTaskIds(target: DatabaseTarget): Promise<string[]> {
  return withDb(target, async (db) => {
    const rows = await db
      .selectFrom('tasks')
      .select('id')
      .where('isActive', '=', true)
      .where('requiredVipTier', 'is', null)
      .orderBy('createdAt')
      .execute();
    return rows.map((row) => row.id);
  });
}

/**
 * Signs people in through the development sign-in (`loginPath`: ours, or the peer stack's), as a browser
 * would. The sign-in limit counts per client address, so each address (of 127.0.0.0/8, all of which
 * reach the server) signs in fewer people than the limit allows, as many people on their own devices would.
 */
async function signInAll(port: number, people: { number: number; email: string }[], loginPath = '/api/dev/login'): Promise<SignedIn[]> {
  const perAddress = 50;
  const signedIn: SignedIn[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < people.length; index = next++) {
      const person = people[index] as { number: number; email: string };
      const slot = Math.floor(index / perAddress);
      const localAddress = `127.1.${(slot >> 8) & 255}.${(slot & 255) + 1}`;
      const cookie = await signInThroughDevLogin(httpSender(port, localAddress), person.email, { path: loginPath });
      signedIn.push({ number: person.number, cookie });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return signedIn.sort((a, b) => a.number - b.number);
}

/** The run's admin, signed in from an address of its own with the panel unlocked. */
function signInAdmin(port: number): Promise<string> {
  return signInUnlockedAdmin(httpSender(port, '127.2.0.1'), BENCH_ADMIN_EMAIL, ADMIN_PANEL_PASSWORD);
}

/** One request before the load, so a scenario that only gets errors fails loudly instead of timing them. */
async function expectOk(port: number, method: string, requestPath: string, cookie: string, json?: unknown): Promise<string> {
  const answer = await call(port, { method, path: requestPath, headers: { cookie }, json });
  if (answer.status !== 200) throw new Error(`${method} ${requestPath} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return answer.body;
}

/** The `total` of a paged admin queue's first answer (expectOk's check included). */
async function queueTotal(port: number, requestPath: string, cookie: string): Promise<number> {
  const page = JSON.parse(await expectOk(port, 'GET', requestPath, cookie)) as { items: unknown[]; total: number };
  if (page.items.length === 0) throw new Error(`GET ${requestPath} answered an empty page`);
  return page.total;
}

/**
 * The member dashboard's Largest Contentful Paint (bench/src/lcp.ts) for a member of the bench data, or
 * why it could not be measured: lcp.ts drives Chromium through playwright-core, which has to be a
 * dependency of @app/bench for the import to resolve.
 */
async function dashboardLcp(baseUrl: string, email: string): Promise<string> {
  try {
    const { measureDashboardLcp } = await import('./lcp');
    const result = await measureDashboardLcp(baseUrl, { email });
    const met = result.lcpMs <= 1000 ? 'met' : '**missed**';
    return (
      `median ${result.lcpMs.toFixed(0)} ms cold (loads: ${result.coldLoadsMs.map((ms) => ms.toFixed(0)).join(', ')} ms), ` +
      `${result.warmLcpMs.toFixed(0)} ms warm; largest paint ${result.element} (target 1,000 ms: ${met})`
    );
  } catch (error) {
    return `not measured: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** The admin panel's time to its first tab's data, cold (bench/src/lcp.ts), or why it was not measured. */
async function adminPanelReady(baseUrl: string): Promise<string> {
  try {
    const { measureAdminPanelReady } = await import('./lcp');
    const result = await measureAdminPanelReady(baseUrl, { email: BENCH_ADMIN_EMAIL, panelPassword: ADMIN_PANEL_PASSWORD });
    const met = result.medianMs <= 1000 ? 'met' : '**missed**';
    return `median ${result.medianMs.toFixed(0)} ms cold (loads: ${result.loadsMs.join(', ')} ms) (target 1,000 ms: ${met})`;
  } catch (error) {
    return `not measured: ${(error as Error).message.split('\n')[0]}`;
  }
}

interface Settled {
  /** Unanswered completions that, sent again, were already completed: the lost answer had credited them. */
  creditedUnseen: number;
  /** Unanswered completions that the server had not received: credited now, by the second sending. */
  creditedNow: number;
  other: Record<string, number>;
}

/**
 * Sends again each completion whose answer autocannon dropped when it stopped: `already-completed` means
 * the dropped one was credited, `success` that it never arrived. With these, every earning row written
 * since the cycle began is accounted for by exactly one answer.
 */
async function settleUnanswered(port: number, counts: CycleCounts): Promise<Settled> {
  const settled: Settled = { creditedUnseen: 0, creditedNow: 0, other: {} };
  // A dropped answer of a view that another answer already credited (a deliberate duplicate) adds nothing.
  const seen = new Set(counts.creditedViews);
  for (const view of counts.unanswered) {
    const key = viewKey(view);
    if (seen.has(key)) continue;
    seen.add(key);
    const answer = await call(port, { path: `/api/tasks/${view.taskId}/redirect-complete`, headers: { cookie: view.person.cookie } });
    const result =
      answer.status === 200
        ? (JSON.parse(answer.body) as { success: boolean; error?: string })
        : { success: false, error: `HTTP ${answer.status}` };
    if (result.success) settled.creditedNow += 1;
    else if (result.error === 'already-completed') settled.creditedUnseen += 1;
    else settled.other[result.error ?? 'unknown'] = (settled.other[result.error ?? 'unknown'] ?? 0) + 1;
  }
  return settled;
}

/**
 * Exactly-once: the earning rows written since the cycle began equal the credits answered (completions
 * `success: true`, and earlier views a start names in `collected`) plus those settled afterwards; the books show no view credited twice or left
 * uncredited; no view got two `success` answers; every deliberate duplicate was refused.
 */
async function proveExactlyOnce(db: Db, report: BooksReport, counts: CycleCounts, settled: Settled, since: Date): Promise<string> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*) AS count FROM transactions WHERE type = 'earning' AND created_at >= ${since}
  `.execute(db);
  const ledger = Number(rows[0]?.count ?? 0);
  const accounted = counts.creditedTotal + settled.creditedUnseen + settled.creditedNow;
  const viewProblems = report.problems.filter((problem) => problem.kind === 'view-credit').length;
  const duplicatesRefused = counts.refusals['already-completed'] ?? 0;
  const proven = ledger === accounted && viewProblems === 0 && counts.viewsCreditedTwice === 0;
  return (
    `${proven ? 'proven' : '**NOT proven**'}: ${ledger} earning rows written since the cycle began = ${counts.creditedTotal} credits answered (\`success: true\`, or named in a start's \`collected\`) ` +
    `+ ${settled.creditedUnseen} whose answer autocannon dropped at a stop (sent again: already-completed) + ${settled.creditedNow} that had not reached the server (sent again: credited)` +
    `${ledger === accounted ? '' : ` **(= ${accounted}, a mismatch)**`}; ${viewProblems} view-credit problems in the books check; ` +
    `${counts.viewsCreditedTwice} views with two success answers; ${duplicatesRefused} completions refused as already-completed ` +
    `for ${counts.duplicatesSent} deliberate duplicates (a duplicate still queued when the run stopped was never sent)` +
    `${Object.keys(settled.other).length ? `; settling also answered ${JSON.stringify(settled.other)}` : ''}.`
  );
}

const ADMIN_USERS_PATH = '/api/admin/users?filter=active&search=maria';

/**
 * The other paged admin lists, first page of 50 as the panel asks for it, by scenario key: the whole user
 * list, the 5x10^5-row ledger, the admin log, the risk queue (members scored by their sign-ins, so read
 * after the members signed in) and the held referral bonuses.
 */
const ADMIN_LISTS = [
  ['admin-users-page', '/api/admin/users?page=1&pageSize=50'],
  ['admin-transactions', '/api/admin/transactions?page=1&pageSize=50'],
  ['admin-logs', '/api/admin/logs?page=1&pageSize=50'],
  ['admin-risk', '/api/admin/risk/users?page=1&pageSize=50'],
  ['admin-held-referrals', '/api/admin/risk/held-referrals?page=1&pageSize=50'],
] as const;

/** Our member reads that issue 17 compares with the peer stack, by scenario key. */
const MEMBER_READS = [
  ['auth-user', '/api/auth/user'],
  ['tasks', '/api/tasks'],
] as const;
const PEER_STACK = 'peer stack (Express + express-session + connect-pg-simple + pg)';

/** Issue 16's admin queues (packages/api/src/admin/*-router.ts, commission/router.ts), by scenario key. */
/**
 * Admin pages read while members request payouts on the side, by scenario key: each request moves the
 * payout queue, the requester's user row and the ledger, so every kept page of these lists goes
 * (docs/architecture.md#caches) and each row shows what an admin waits for on a busy site.
 */
const MOVING_LISTS = [
  ['queue-moving', '/api/admin/pending-payouts?page=1&pageSize=50'],
  ['users-moving', '/api/admin/users?page=1&pageSize=50'],
  ['transactions-moving', '/api/admin/transactions?page=1&pageSize=50'],
] as const;
/** Payout requests a second on the side of those scenarios. */
const SIDE_PAYOUTS_PER_SECOND = 10;
/** Members kept for those requests, at the end of the signed-in list (one request each): the payouts scenario does not use them. */
const SIDE_PAYOUT_MEMBERS = 600;

/**
 * Members who request payouts on the side, each once, in turn across every moving scenario: `during`
 * has the next member request one `perSecond` times a second while `body` runs, and counts the answers by
 * status once they are in.
 */
function payoutsOnTheSide(port: number, people: SignedIn[], perSecond: number) {
  let next = 0;
  return async <T>(body: () => Promise<T>): Promise<{ result: T; statuses: Record<string, number> }> => {
    const answers: Promise<number>[] = [];
    const timer = setInterval(() => {
      const person = people[next++ % people.length] as SignedIn;
      answers.push(
        call(port, { method: 'POST', path: '/api/payouts', headers: { cookie: person.cookie }, json: ownPayoutRequest(person) }).then(
          (answer) => answer.status,
          () => 0,
        ),
      );
    }, 1000 / perSecond);
    let result: T;
    try {
      result = await body();
    } finally {
      clearInterval(timer);
    }
    const statuses: Record<string, number> = {};
    for (const status of await Promise.all(answers)) statuses[status || 'error'] = (statuses[status || 'error'] ?? 0) + 1;
    return { result, statuses };
  };
}

const ADMIN_QUEUES = [
  ['queue-payouts', '/api/admin/pending-payouts'],
  ['queue-vip', '/api/admin/pending-vip'],
  ['queue-support', '/api/admin/support/conversations'],
  ['queue-commission', '/api/admin/percentage/payouts'],
] as const;

async function benchDatabase(target: DatabaseTarget, workDir: string, profileDir: string | undefined): Promise<DatabaseRun> {
  log(`${target.label}: migrating and seeding`);
  const { seedSeconds, version } = await prepare(target);
  log(`${target.label}: seeded in ${seedSeconds.toFixed(1)} s (${version})`);
  const [people, taskIds] = [(await activeMembers(target)).slice(0, SIGNED_IN_MEMBERS), await freeTaskIds(target)];

  const env = {
    NODE_ENV: 'development',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    TASK_VIEW_SECONDS: String(VIEW_SECONDS),
    ADMIN_PANEL_PASSWORD,
    // Admin powers follow ADMIN_EMAILS at every request: the seeded admin is the run's admin.
    ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
    COMMISSION_PASSWORD: 'bench-commission-password',
    // Uploads go under DATA_DIR even on PostgreSQL: keep them with the run's other files, not in ./data.
    ...(target.kind === 'postgres' ? { DATA_DIR: path.join(workDir, 'postgres-data') } : {}),
  };
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer(target.database, env, path.join(workDir, `${target.kind}-server.log`), nodeArgs);
  const rows: ScenarioRow[] = [];
  let cycle: ReturnType<typeof cycleScenario> | undefined;
  let cycleStartedAt = new Date();
  let settled: Settled | undefined;
  let lcp: string | undefined;
  let adminPanel: string | undefined;
  let signInSeconds = 0;
  let members: SignedIn[] = [];
  try {
    log(`${target.label}: server up in ${server.startMs.toFixed(0)} ms; signing in ${people.length} members`);
    const signInStarted = performance.now();
    members = await signInAll(server.port, people);
    signInSeconds = (performance.now() - signInStarted) / 1000;
    const adminCookie = await signInAdmin(server.port);
    const member = members[0] as SignedIn;

    const wanted = args.scenarios?.split(',');
    const runOn = async (port: number, key: string, scenario: Scenario, extra: Omit<ScenarioRow, 'name' | 'measurement'> = {}) => {
      if (wanted && !wanted.includes(key)) return undefined;
      log(`${target.label}: ${scenario.name}`);
      const measurement = await measure(port, scenario, SETTINGS);
      const row: ScenarioRow = { name: scenario.name, measurement, ...extra };
      rows.push(row);
      log(
        `  ${measurement.requestsPerSecond.toFixed(0)} req/s, p50 ${measurement.p50Ms} ms, p99 ${measurement.p99Ms} ms, non-2xx ${measurement.non2xx}`,
      );
      return row;
    };
    const run = (key: string, scenario: Scenario, extra: Omit<ScenarioRow, 'name' | 'measurement'> = {}) =>
      runOn(server.port, key, scenario, extra);

    const memberReads = new Map<string, ScenarioRow>();
    for (const [key, requestPath] of MEMBER_READS) {
      await expectOk(server.port, 'GET', requestPath, member.cookie);
      const row = await run(key, readScenario(`GET ${requestPath}`, requestPath, members), { target: memberReadTarget });
      if (row) memberReads.set(requestPath, row);
    }
    if ('databaseUrl' in target.database && (!wanted || wanted.includes('peer'))) {
      const peer = await startPeerStack(target.database.databaseUrl, path.join(workDir, 'peer-stack.log'));
      try {
        log(`${target.label}: peer stack up in ${peer.startMs.toFixed(0)} ms; signing in ${people.length} members`);
        const peerMembers = await signInAll(peer.port, people, '/login');
        for (const [, requestPath] of MEMBER_READS) {
          await expectOk(peer.port, 'GET', requestPath, (peerMembers[0] as SignedIn).cookie);
          const row = await runOn(peer.port, 'peer', readScenario(`${PEER_STACK}: GET ${requestPath}`, requestPath, peerMembers));
          const ours = memberReads.get(requestPath);
          if (row && ours) ours.peer = row.measurement;
        }
      } finally {
        await peer.stop();
      }
    }
    await expectOk(server.port, 'GET', DASHBOARD_BATCH_PATH, member.cookie);
    await run(
      'dashboard',
      readScenario(
        'Dashboard batch (tRPC auth.user, maintenance.status, tasks.list, transactions.list, vip.status)',
        DASHBOARD_BATCH_PATH,
        members,
      ),
      { target: dashboardTarget },
    );
    await expectOk(server.port, 'GET', '/api/transactions', member.cookie);
    await run('transactions', readScenario('GET /api/transactions', '/api/transactions', members));

    // The admin queues as seeded (before the payouts scenario adds to the pending payouts).
    const admin = [{ number: 0, cookie: adminCookie }];
    for (const [key, queuePath] of ADMIN_QUEUES) {
      for (const requestPath of [`${queuePath}?page=1&pageSize=50`, `${queuePath}?page=1&pageSize=50&search=maria`]) {
        const total = await queueTotal(server.port, requestPath, adminCookie);
        const note = `${total.toLocaleString('en-US')} ${requestPath.includes('search=') ? 'matching' : 'in the queue'}`;
        await run(key, readScenario(`GET ${requestPath}`, requestPath, admin), { target: adminTarget, note });
      }
    }

    // Admin pages while the site moves: each payout requested on the side drops their kept pages, so
    // these read them as a busy site's admins do (docs/architecture.md#caches).
    const onTheSide = payoutsOnTheSide(server.port, members.slice(-SIDE_PAYOUT_MEMBERS), SIDE_PAYOUTS_PER_SECOND);
    for (const [key, requestPath] of MOVING_LISTS) {
      if (wanted && !wanted.includes(key)) continue;
      const label = `GET ${requestPath}, ${SIDE_PAYOUTS_PER_SECOND} payouts requested a second meanwhile`;
      const { result: row, statuses } = await onTheSide(() => run(key, readScenario(label, requestPath, admin), { target: adminTarget }));
      const sent = Object.values(statuses).reduce((sum, count) => sum + count, 0);
      const answered = Object.entries(statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      if (row) row.note = `${sent} payouts requested over warm-up and window (${answered})`;
      log(`  side payouts: ${answered}`);
    }

    cycle = cycleScenario(members, taskIds, { viewSeconds: VIEW_SECONDS, perMember: FREE_DAILY_TASKS, duplicateEvery: 25 });
    cycleStartedAt = new Date();
    const counts = cycle.counts;
    if (!wanted || wanted.includes('cycle')) {
      await run('cycle', cycle.scenario, { target: cycleTarget, note: 'POST start, then GET redirect-complete >= 1 s later' });
      const row = rows.at(-1);
      if (row) row.viewsPerSecond = counts.creditedInWindow / row.measurement.seconds;
      settled = await settleUnanswered(server.port, counts);
    }

    await expectOk(server.port, 'POST', '/api/payouts', member.cookie, PAYOUT_REQUEST);
    await run('payouts', payoutScenario(members.slice(1, -SIDE_PAYOUT_MEMBERS)), { note: '150 pesos, each request by the next member' });

    await expectOk(server.port, 'GET', ADMIN_USERS_PATH, adminCookie);
    await run('admin-users', readScenario(`GET ${ADMIN_USERS_PATH}`, ADMIN_USERS_PATH, admin), { target: adminTarget });
    for (const [key, requestPath] of ADMIN_LISTS) {
      if (wanted && !wanted.includes(key)) continue;
      const total = await queueTotal(server.port, requestPath, adminCookie);
      await run(key, readScenario(`GET ${requestPath}`, requestPath, admin), {
        target: adminTarget,
        note: `${total.toLocaleString('en-US')} in the list`,
      });
    }
    await expectOk(server.port, 'GET', '/api/admin/stats', adminCookie);
    await run('admin-stats', readScenario('GET /api/admin/stats', '/api/admin/stats', admin), { target: adminTarget });
    if (target.kind === 'postgres' && (!wanted || wanted.includes('lcp'))) {
      log(`${target.label}: dashboard Largest Contentful Paint in Chromium`);
      lcp = await dashboardLcp(`http://127.0.0.1:${server.port}`, (people[0] as { email: string }).email);
      log(`${target.label}: the admin panel's first tab in Chromium`);
      adminPanel = await adminPanelReady(`http://127.0.0.1:${server.port}`);
    }
  } finally {
    await server.stop();
  }

  log(`${target.label}: checking the books`);
  const { booksAfter, exactlyOnce } = await withDb(target, async (db) => {
    const report = await checkBooks(db);
    return {
      booksAfter: summarizeBooks(report),
      exactlyOnce: cycle && settled ? await proveExactlyOnce(db, report, cycle.counts, settled, cycleStartedAt) : undefined,
    };
  });
  log(`${target.label}: ${booksAfter}`);

  let coldStartMs: number | undefined;
  let firstStartsMs: number[] | undefined;
  if (target.kind === 'pglite' && 'dataDir' in target.database) {
    const cold = await startServer({ dataDir: target.database.dataDir }, {}, path.join(workDir, 'pglite-cold-start.log'));
    coldStartMs = cold.startMs;
    await cold.stop();
    log(`${target.label}: cold start ${coldStartMs.toFixed(0)} ms`);
    firstStartsMs = await measureFirstStarts(workDir);
    log(`${target.label}: first starts on an empty DATA_DIR ${firstStartsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  }

  return {
    label: target.label,
    version,
    seedSeconds,
    signInSeconds,
    signedInMembers: members.length,
    serverStartMs: server.startMs,
    rows,
    ...(cycle && rows.some((row) => row.viewsPerSecond !== undefined) ? { cycle: cycle.counts } : {}),
    ...(exactlyOnce ? { exactlyOnce } : {}),
    booksAfter,
    ...(lcp ? { lcp } : {}),
    ...(adminPanel ? { adminPanel } : {}),
    ...(coldStartMs === undefined ? {} : { coldStartMs }),
    ...(firstStartsMs === undefined ? {} : { firstStartsMs }),
    judgeTargets: target.kind === 'postgres',
  };
}

/**
 * The start a new user makes: the built server on a DATA_DIR that does not exist yet, with the defaults of
 * `pnpm start` (demo data loaded). Three starts, each on its own new folder.
 */
async function measureFirstStarts(workDir: string): Promise<number[]> {
  const starts: number[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const dataDir = path.join(workDir, `first-start-${attempt}`);
    const first = await startServer({ dataDir }, {}, path.join(workDir, `pglite-first-start-${attempt}.log`));
    starts.push(first.startMs);
    await first.stop();
  }
  return starts;
}

function pglitePackageVersion(): string {
  const manifest = path.join(REPO_ROOT, 'packages/db/node_modules/@electric-sql/pglite/package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'unknown';
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'pesotasks-bench-'));
  const loadAtStart = loadAverage();
  log(`load average at start: ${loadAtStart}; work files in ${workDir}`);

  const targets: DatabaseTarget[] = [];
  if (!args.only || args.only === 'postgres') {
    const postgres = await postgresTarget();
    if (postgres) targets.push(postgres);
  }
  if (!args.only || args.only === 'pglite')
    targets.push({ label: 'PGlite', kind: 'pglite', database: { dataDir: path.join(workDir, 'pglite') } });

  log('ceiling: bare Fastify route');
  const ceilingServer = await startCeiling(path.join(workDir, 'ceiling.log'));
  const ceiling = await measure(ceilingServer.port, ceilingScenario(), SETTINGS).finally(() => ceilingServer.stop());
  log(`  ${ceiling.requestsPerSecond.toFixed(0)} req/s, p50 ${ceiling.p50Ms} ms, p99 ${ceiling.p99Ms} ms`);

  const runs: DatabaseRun[] = [];
  const profiles: string[] = [];
  for (const target of targets) {
    const profileDir = args.profile ? path.join(workDir, `profile-${target.kind}`) : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    runs.push(await benchDatabase(target, workDir, profileDir));
    if (profileDir) {
      for (const file of profilesIn(profileDir)) {
        profiles.push(profileMarkdown(`${target.label}: ${args.scenarios ?? 'all scenarios'}`, summarizeProfile(file)));
      }
    }
  }

  const cpus = os.cpus();
  const environment: Environment = {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16).concat(' UTC'),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    pglitePackage: pglitePackageVersion(),
    loadAtStart,
    loadAtEnd: loadAverage(),
    settings: SETTINGS,
    sizes: BENCH_SIZES,
    queues: queueSizes(BENCH_SIZES),
  };
  const generated = resultsMarkdown(environment, ceiling, runs);
  if (args.profile) {
    // Numbers taken under the profiler are not the benchmark's: they go to PROFILE.md only.
    writeFileSync(PROFILE_FILE, `# CPU profiles of the server under the benchmark\n\n${generated}\n${profiles.join('\n')}`);
    log(`wrote ${PROFILE_FILE}`);
  } else if (args.scenarios || args.only) {
    console.log(generated);
    log('a partial run (--only or --scenarios): RESULTS.md left as it was');
  } else {
    writeFileSync(RESULTS_FILE, spliceResults(existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : undefined, generated));
    log(`wrote ${RESULTS_FILE}`);
  }
  rmSync(workDir, { recursive: true, force: true });
}

await main();
