import type { CycleCounts, Measurement } from './scenarios';
import type { BenchSizes, QueueSizes } from './seed';

/** A target of issues 8, 16 and 17, judged on the real PostgreSQL only; undefined when it cannot be judged. */
export interface Target {
  text: string;
  met(row: ScenarioRow, ceiling: Measurement): boolean | undefined;
}

export interface ScenarioRow {
  name: string;
  measurement: Measurement;
  target?: Target;
  /** Credited views per second, for the task cycle. */
  viewsPerSecond?: number;
  note?: string;
  /** The peer stack's measurement of the same route in the same run (peer-stack.ts), for the ratio. */
  peer?: Measurement;
}

export interface DatabaseRun {
  label: string;
  version: string;
  seedSeconds: number;
  signInSeconds: number;
  signedInMembers: number;
  serverStartMs: number;
  rows: ScenarioRow[];
  cycle?: CycleCounts;
  exactlyOnce?: string;
  booksAfter: string;
  /** The dashboard's Largest Contentful Paint in Chromium, or why it was not measured. */
  lcp?: string;
  /** The admin panel's time to its first tab's data in Chromium, or why it was not measured. */
  adminPanel?: string;
  coldStartMs?: number;
  /** Starts on an empty DATA_DIR (the very first start of a new install). */
  firstStartsMs?: number[];
  judgeTargets: boolean;
}

export interface Environment {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  pglitePackage: string;
  loadAtStart: string;
  loadAtEnd: string;
  settings: { connections: number; warmupSeconds: number; seconds: number };
  sizes: BenchSizes;
  queues: QueueSizes;
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const statuses = (measurement: Measurement) =>
  Object.entries(measurement.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

function table(run: DatabaseRun, ceiling: Measurement): string {
  const lines = [
    '| scenario | requests/s | p50 ms | p99 ms | non-2xx | ratio to ceiling | ratio to peer stack | target (PostgreSQL) | met? |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const row of run.rows) {
    const m = row.measurement;
    const non2xx = m.non2xx === 0 ? '0' : `${m.non2xx} (${statuses(m)})`;
    const errors = m.errors > 0 ? `; ${m.errors} connection errors` : '';
    const ratio = `${((m.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)}%`;
    const views = row.viewsPerSecond === undefined ? '' : ` (${number(row.viewsPerSecond)} credited views/s)`;
    const peerRatio = row.peer ? `${number(m.requestsPerSecond / row.peer.requestsPerSecond, 2)}x` : '';
    const judged = row.target && run.judgeTargets ? row.target.met(row, ceiling) : undefined;
    const met = !row.target ? '' : judged === undefined ? 'n/a' : judged ? 'yes' : '**no**';
    lines.push(
      `| ${row.name}${row.note ? ` (${row.note})` : ''} | ${number(m.requestsPerSecond)}${views} | ${m.p50Ms} | ${m.p99Ms} | ${non2xx}${errors} | ${ratio} | ${peerRatio} | ${row.target?.text ?? ''} | ${met} |`,
    );
  }
  return lines.join('\n');
}

export function resultsMarkdown(env: Environment, ceiling: Measurement, runs: DatabaseRun[]): string {
  const s = env.settings;
  const out = [
    `Measured ${env.date} by \`pnpm bench\` (bench/src/run.ts).`,
    '',
    `- Machine: ${env.cpu}, ${env.cores} cores, ${number(env.memoryGb, 1)} GB memory, ${env.os}`,
    `- Load average (1, 5, 15 min) at start: ${env.loadAtStart}; at end: ${env.loadAtEnd}. The machine is shared with other work.`,
    `- Node ${env.node}; ${runs.map((run) => `${run.label}: ${run.version}`).join('; ')}; PGlite package ${env.pglitePackage}`,
    `- Data: ${number(env.sizes.members)} members and 1 admin, ${number(env.sizes.tasks)} tasks, ${number(env.sizes.ledgerRows)} ledger rows, ${number(env.sizes.payouts)} payouts; ` +
      `waiting in the admin queues: ${number(env.queues.pendingPayouts)} payouts, ${number(env.queues.pendingVipRequests)} VIP requests, ` +
      `${number(env.queues.supportConversations)} support conversations, ${number(env.queues.pendingCommissionPayouts)} of ${number(env.sizes.commissionPayouts)} commission payouts (bench/src/seed.ts)`,
    `- Load: autocannon, ${s.connections} connections, one request in flight each, ${s.warmupSeconds} s warm-up then ${s.seconds} s measured, in the same process as the harness and on the same 2 cores as the server`,
    `- Ceiling (bare Fastify route, constant JSON, own process): ${number(ceiling.requestsPerSecond)} requests/s, p50 ${ceiling.p50Ms} ms, p99 ${ceiling.p99Ms} ms`,
    '',
  ];
  for (const run of runs) {
    out.push(
      `### ${run.label}`,
      '',
      `Seeded in ${number(run.seedSeconds, 1)} s; server up in ${number(run.serverStartMs)} ms; ${number(run.signedInMembers)} members signed in over HTTP in ${number(run.signInSeconds, 1)} s.`,
      '',
      table(run, ceiling),
      '',
    );
    if (run.cycle) {
      const c = run.cycle;
      const refusals = Object.entries(c.refusals)
        .map(([reason, count]) => `${count} × ${reason}`)
        .join(', ');
      const startsRefused = Object.entries(c.startsRefused)
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ');
      out.push(
        `Task cycle: ${number(c.creditedInWindow)} views credited in the measured window, ${number(c.creditedTotal)} with the warm-up; ` +
          `${number(c.duplicatesSent)} deliberate duplicate completions; completions refused: ${refusals || 'none'}; ` +
          `starts refused: ${startsRefused || 'none'}; views credited twice by the answers: ${c.viewsCreditedTwice}` +
          `${c.ranDry ? '; **the members ran out of tasks for the day, so the cycle ran dry**' : ''}.`,
        '',
        `Exactly-once: ${run.exactlyOnce ?? 'not checked'}`,
        '',
      );
    }
    out.push(`Books after the run: ${run.booksAfter}`, '');
    if (run.lcp) out.push(`Dashboard Largest Contentful Paint (Chromium, localhost, a member of the bench data): ${run.lcp}.`, '');
    if (run.adminPanel)
      out.push(`Admin panel ready, its first tab's data shown (Chromium, localhost, 10,000 members): ${run.adminPanel}.`, '');
    if (run.coldStartMs !== undefined) {
      out.push(
        `Cold start: the built server (\`node apps/server/dist/main.js\`, environment as \`pnpm start\`) on this PGlite data answered its first 200 (/readyz) ${number(run.coldStartMs)} ms after being spawned (target 3,000 ms: ${run.coldStartMs <= 3000 ? 'met' : '**missed**'}).`,
        '',
      );
    }
    if (run.firstStartsMs !== undefined) {
      const slowest = Math.max(...run.firstStartsMs);
      out.push(
        `First start: the same command on an empty \`DATA_DIR\` (the PGlite cluster copied from the build's template, demo data loaded) answered its first 200 after ${run.firstStartsMs.map((ms) => number(ms)).join(', ')} ms in three starts (target 3,000 ms: ${slowest <= 3000 ? 'met' : '**missed**'}).`,
        '',
      );
    }
  }
  return out.join('\n');
}

/**
 * Replaces one generated block of RESULTS.md (between its `bench:<name>:start` and `:end` markers: `results`
 * for `pnpm bench`, `streams` for the streams load test, `lighthouse` for the first-load budgets), keeping the hand-written analysis around it. A file
 * without the markers gets the block at its end.
 */
export function spliceResults(
  existing: string | undefined,
  generated: string,
  name: 'results' | 'streams' | 'lighthouse' = 'results',
): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${generated}\n${end}`;
  if (existing === undefined) {
    return `# Benchmark results\n\nRun with \`pnpm bench\`; the block below is rewritten by each run, the rest is written by hand.\n\n${block}\n`;
  }
  if (!existing.includes(start) || !existing.includes(end)) return `${existing.trimEnd()}\n\n${block}\n`;
  return existing.slice(0, existing.indexOf(start)) + block + existing.slice(existing.indexOf(end) + end.length);
}
