import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fetchSender, signInThroughDevLogin } from '@app/testkit/requests';
import { BUDGETS, type LighthouseRun, lighthouseTable, missedBudgets, runLighthouse } from './lighthouse-runs';
import { REPO_ROOT, startServer } from './processes';
import { spliceResults } from './report';

/**
 * The first-load budgets of issue 37, measured by Lighthouse (bench/src/lighthouse-runs.ts):
 *
 *   pnpm build && pnpm --filter @app/bench lighthouse [--before <another checkout, built>]
 *
 * Starts the built server on a fresh PGlite data dir with the demo data, signs the demo member in through
 * the development sign-in, and runs Lighthouse once per page and profile. `--before` measures another
 * checkout's build the same way first, in the same run, for a before-and-after. The table goes between the
 * `bench:lighthouse` markers of bench/RESULTS.md; the run fails when a budget is missed.
 */

const RESULTS_FILE = path.join(REPO_ROOT, 'bench/RESULTS.md');
const DEMO_MEMBER_EMAIL = 'member@example.com';
const COMMAND = 'pnpm build && pnpm --filter @app/bench lighthouse';

async function measure(checkout: string, workDir: string): Promise<LighthouseRun[]> {
  const dataDir = mkdtempSync(path.join(workDir, 'data-'));
  const server = await startServer(
    { dataDir },
    { DEMO_DATA: 'true', DEV_LOGIN: 'true', LOG_LEVEL: 'warn' },
    path.join(workDir, 'server.log'),
    [],
    path.join(checkout, 'apps/server/dist/main.js'),
  );
  try {
    const cookie = await signInThroughDevLogin(fetchSender(server.baseUrl), DEMO_MEMBER_EMAIL);
    return await runLighthouse(server.baseUrl, cookie);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { before: { type: 'string' } } });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'pesotasks-lighthouse-'));
  try {
    const before = values.before ? await measure(path.resolve(values.before), workDir) : undefined;
    const after = await measure(REPO_ROOT, workDir);
    const missed = missedBudgets(after);
    const { landing } = BUDGETS;
    const budgets = `Budgets, each page: score ≥ ${landing.minScore} and LCP ≤ ${landing.maxLcpMs['slow-4g']} ms on slow-4g, LCP ≤ ${landing.maxLcpMs['regular-3g']} ms on regular-3g; ≤ ${(landing.maxScriptBytes ?? 0) / 1024} KB of script for the landing page.`;
    const rows = [
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, Lighthouse 12.2.3 with Debian Chromium, PGlite with the demo data; \`${COMMAND}${values.before ? ' --before <main, built>' : ''}\`.`,
      '',
      ...(before ? ['Before (the other checkout):', '', lighthouseTable(before), '', 'After (this checkout):', ''] : []),
      lighthouseTable(after),
      '',
      budgets,
      missed.length === 0 ? 'Every budget met.' : `Missed: ${missed.join('; ')}.`,
    ];
    const generated = rows.join('\n');
    console.log(generated);
    writeFileSync(RESULTS_FILE, spliceResults(readFileSync(RESULTS_FILE, 'utf8'), generated, 'lighthouse'));
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
