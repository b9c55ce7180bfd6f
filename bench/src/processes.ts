import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_POOL_SIZE } from '@app/db';
import { type ServerProcess, startBuiltServer, startProcess } from '@app/testkit/server';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(REPO_ROOT, 'apps/server/node_modules/.bin/tsx');

/**
 * Each process of the run starts with the shell's basics only as its environment (no DATABASE_URL or
 * REDIS_URL leaks in), writes its output to its log file, and has two minutes to answer; `startMs` is
 * the time from spawning it to its first 200 answer.
 */
const BENCH_START = { parentEnv: 'basics', readyWithinMs: 120_000 } as const;

/** The bare Fastify route of ceiling.ts in its own process. */
export function startCeiling(logFile: string): Promise<ServerProcess> {
  return startProcess(TSX, [path.join(REPO_ROOT, 'bench/src/ceiling.ts')], {}, { ...BENCH_START, readyPath: '/constant', logFile });
}

/**
 * The peer stack of peer-stack.ts (Express + express-session + connect-pg-simple + pg) in its own process
 * on the PostgreSQL database at databaseUrl, with our server's default pool size.
 */
export function startPeerStack(databaseUrl: string, logFile: string): Promise<ServerProcess> {
  return startProcess(
    TSX,
    [path.join(REPO_ROOT, 'bench/src/peer-stack.ts')],
    { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(DEFAULT_POOL_SIZE) },
    { ...BENCH_START, readyPath: '/healthz', logFile },
  );
}

/**
 * The built server (`node apps/server/dist/main.js`, as `pnpm start` runs it) on PostgreSQL or on the
 * PGlite data under dataDir. `env` overrides the defaults; `nodeArgs` go before the script; `script` is
 * another build's server (probe.ts compares two builds).
 */
export function startServer(
  database: { databaseUrl: string } | { dataDir: string },
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
  script?: string,
): Promise<ServerProcess> {
  const where: Record<string, string> = 'databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir };
  return startBuiltServer(
    { ...where, ...env },
    { ...BENCH_START, logFile, nodeArgs: [...nodeArgs, '--enable-source-maps'], ...(script ? { script } : {}) },
  );
}
