/**
 * The per-request cost of admin lists, read from /proc and PostgreSQL's own counters, for judging a change
 * on a machine too busy for throughput numbers to mean much (RESULTS.md, "What each admin list costs").
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_x pnpm --filter @app/bench probe [--seconds 5] [--connections 50] [--paths a,b]
 *     [--server other-build/apps/server/dist/main.js] [--profile dir]
 *
 * The database must hold the bench seed (`pnpm --filter @app/bench seed` with the same DATABASE_URL). For
 * each path: a warm-up, then `seconds` of autocannon load as the unlocked admin, and over that window the
 * server's CPU time (utime + stime of its process), the CPU time of the PostgreSQL backends serving this
 * database (other databases' backends on a shared server are left out), the transactions PostgreSQL
 * committed (a statement outside a transaction is one, so for these reads: statements) and the shared
 * buffers it touched, each divided by the requests answered.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '@app/db';
import { signInUnlockedAdmin } from '@app/testkit/requests';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { call, httpSender } from './http';
import { startServer } from './processes';
import { profileMarkdown, profilesIn, summarizeProfile } from './profile';
import { BENCH_ADMIN_EMAIL } from './seed';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    paths: { type: 'string' },
    /** A folder for the server's CPU profile (node --cpu-prof), summarized when the server stops. */
    profile: { type: 'string' },
    /** Another build's apps/server/dist/main.js (e.g. a worktree of the commit before a change). */
    server: { type: 'string' },
  },
});

/** Every paged admin list, first page of 50 (the panel's page size), unsearched and searched. */
const ADMIN_LIST_PATHS = [
  '/api/admin/pending-payouts?page=1&pageSize=50',
  '/api/admin/pending-payouts?page=1&pageSize=50&search=maria',
  '/api/admin/pending-vip?page=1&pageSize=50',
  '/api/admin/pending-vip?page=1&pageSize=50&search=maria',
  '/api/admin/support/conversations?page=1&pageSize=50',
  '/api/admin/support/conversations?page=1&pageSize=50&search=maria',
  '/api/admin/percentage/payouts?page=1&pageSize=50',
  '/api/admin/percentage/payouts?page=1&pageSize=50&search=maria',
  '/api/admin/users?page=1&pageSize=50',
  '/api/admin/users?filter=active&search=maria',
  '/api/admin/transactions?page=1&pageSize=50',
  '/api/admin/logs?page=1&pageSize=50',
  '/api/admin/risk/users?page=1&pageSize=50',
  '/api/admin/risk/held-referrals?page=1&pageSize=50',
];

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the seeded bench database');
const TICK_US = 1_000_000 / 100; // USER_HZ

/** utime + stime of a process, in µs (0 for one that has gone). */
function cpuUs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

const handle = await createDb({ databaseUrl, maxConnections: 1 });
const db = handle.db;

async function postgresCounters(): Promise<{ cpuUs: number; commits: number; buffers: number }> {
  const { rows: backends } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
  `.execute(db);
  const { rows } = await sql<{ commits: string; buffers: string }>`
    SELECT xact_commit AS commits, blks_hit + blks_read AS buffers FROM pg_stat_database WHERE datname = current_database()
  `.execute(db);
  return {
    cpuUs: backends.reduce((sum, backend) => sum + cpuUs(backend.pid), 0),
    commits: Number(rows[0]?.commits),
    buffers: Number(rows[0]?.buffers),
  };
}

const server = await startServer(
  { databaseUrl },
  {
    NODE_ENV: 'development',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PANEL_PASSWORD: 'bench-admin-panel-password',
    ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
    COMMISSION_PASSWORD: 'bench-commission-password',
    DATA_DIR: path.join(os.tmpdir(), 'pesotasks-probe-data'),
  },
  path.join(os.tmpdir(), 'pesotasks-probe-server.log'),
  args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [],
  args.server,
);
try {
  const cookie = await signInUnlockedAdmin(httpSender(server.port), BENCH_ADMIN_EMAIL, 'bench-admin-panel-password');
  const load = (requestPath: string, seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${server.port}${requestPath}`,
      connections: Number(args.connections),
      duration: seconds,
      headers: { cookie },
    });
  console.log(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}; ${args.connections} connections, ${args.seconds} s each`,
  );
  console.log(
    '| path | requests/s | p50 ms | p99 ms | server CPU µs/req | PostgreSQL CPU µs/req | statements/req | buffers/req | answer bytes |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const requestPath of args.paths?.split(',') ?? ADMIN_LIST_PATHS) {
    const first = await call(server.port, { path: requestPath, headers: { cookie } });
    if (first.status !== 200) throw new Error(`GET ${requestPath} answered ${first.status}: ${first.body.slice(0, 200)}`);
    await load(requestPath, Number(args.warmup));
    const [serverBefore, postgresBefore] = [cpuUs(server.child.pid ?? 0), await postgresCounters()];
    const result = await load(requestPath, Number(args.seconds));
    const [serverAfter, postgresAfter] = [cpuUs(server.child.pid ?? 0), await postgresCounters()];
    const requests = result.requests.total;
    const per = (value: number) => (value / requests).toFixed(0);
    console.log(
      `| ${requestPath} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ` +
        `${per(serverAfter - serverBefore)} | ${per(postgresAfter.cpuUs - postgresBefore.cpuUs)} | ` +
        // The counters' own read is one commit.
        `${((postgresAfter.commits - postgresBefore.commits - 1) / requests).toFixed(2)} | ${per(postgresAfter.buffers - postgresBefore.buffers)} | ` +
        `${Buffer.byteLength(first.body)} |`,
    );
  }
} finally {
  await server.stop();
  await handle.close();
}
if (args.profile) {
  for (const file of profilesIn(args.profile)) console.log(profileMarkdown(args.paths ?? 'every admin list', summarizeProfile(file, 25)));
}
