import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@app/testkit/server';
import { waitForOk } from './http';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const TSX = path.join(REPO_ROOT, 'apps/server/node_modules/.bin/tsx');

export interface Running {
  port: number;
  /** The process id (for reading its CPU time from /proc). */
  pid: number;
  /** Milliseconds from spawning the process to its first 200 answer. */
  startMs: number;
  stop(): Promise<void>;
}

/** The environment of a child: the shell's basics only, so no DATABASE_URL or REDIS_URL leaks in. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

async function start(command: string, args: string[], env: Record<string, string>, readyPath: string, logFile: string): Promise<Running> {
  const port = await freePort();
  const log = createWriteStream(logFile, { flags: 'a' });
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    env: { ...baseEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = once(child, 'exit');
  const startMs = await Promise.race([
    waitForOk(port, readyPath, started, 120_000),
    exited.then(([code]) => {
      throw new Error(`${command} ${args.join(' ')} exited with ${code} before answering; see ${logFile}`);
    }),
  ]);
  return {
    port,
    pid: child.pid ?? 0,
    startMs,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      log.end();
    },
  };
}

/** The bare Fastify route of ceiling.ts in its own process. */
export function startCeiling(logFile: string): Promise<Running> {
  return start(TSX, [path.join(REPO_ROOT, 'bench/src/ceiling.ts')], {}, '/constant', logFile);
}

/**
 * The peer stack of peer-stack.ts (Express + express-session + connect-pg-simple + pg) in its own process
 * on the PostgreSQL database at databaseUrl, with our server's default pool size.
 */
export function startPeerStack(databaseUrl: string, logFile: string): Promise<Running> {
  return start(
    TSX,
    [path.join(REPO_ROOT, 'bench/src/peer-stack.ts')],
    { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '10' },
    '/healthz',
    logFile,
  );
}

/**
 * The built server (`node apps/server/dist/main.js`, as `pnpm start` runs it) on PostgreSQL or on the
 * PGlite data under dataDir. `env` overrides the defaults; `nodeArgs` go before the script; `main` is another
 * build's server (probe.ts compares two builds).
 */
export function startServer(
  database: { databaseUrl: string } | { dataDir: string },
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
  main = SERVER_MAIN,
): Promise<Running> {
  const where: Record<string, string> = 'databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir };
  return start(process.execPath, [...nodeArgs, '--enable-source-maps', main], { ...where, ...env }, '/readyz', logFile);
}
