import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** What `pnpm start` runs; `pnpm test` builds it first. */
const BUILT_SERVER = fileURLToPath(new URL('../../../apps/server/dist/main.js', import.meta.url));

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Milliseconds from spawning the process to its first 200 answer on the readiness path. */
  startMs: number;
  /** What the process wrote to stdout and stderr, for failure messages (or where it went: the log file). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit; the code and how long it took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

export interface StartOptions {
  /** The path that answers 200 once the process is ready. */
  readyPath?: string;
  /**
   * How long the process may take to answer it before it is killed: 90 s unless given. A server's first start on
   * a fresh embedded database (migrations, demo data) took over 30 s on the two-core CI machine under a load
   * average of 10, and the tests that start one are not about how fast it starts (the bench measures that).
   */
  readyWithinMs?: number;
  /** Where stdout and stderr go (appended) instead of into memory: a long run writes more than a message should hold. */
  logFile?: string;
  /**
   * The environment `env` goes over: this process's (`inherit`, the default), or only its basics (PATH,
   * HOME, TMPDIR, LANG, TZ) so that no DATABASE_URL or REDIS_URL of the shell leaks in.
   */
  parentEnv?: 'inherit' | 'basics';
}

const BASIC_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

function parentEnvironment(which: StartOptions['parentEnv']): NodeJS.ProcessEnv {
  if (which !== 'basics') return process.env;
  return Object.fromEntries(BASIC_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/**
 * Starts `command args` as an HTTP server on a free loopback port (given as PORT, over `env`) and waits
 * until `readyPath` answers 200. The built server starts here, and so do the benchmark's other servers.
 */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  { readyPath = '/readyz', readyWithinMs = 90_000, logFile, parentEnv }: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...parentEnvironment(parentEnv), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  if (log) {
    output = `(written to ${logFile})`;
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else {
    const keep = (chunk: Buffer) => {
      output += chunk;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Polled often: the benchmark reports the start time this measures.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > readyWithinMs) {
      child.kill('SIGKILL');
      throw new Error(`${command} ${args.join(' ')} did not become ready in ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    baseUrl,
    port,
    child,
    startMs: performance.now() - started,
    output: () => output,
    exited,
    stop: async () => {
      const stopping = performance.now();
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      log?.end();
      return { code, ms: performance.now() - stopping };
    },
  };
}

export interface BuiltServerOptions extends Omit<StartOptions, 'readyPath'> {
  /** Node's own arguments, before the script (a CPU profile, source maps). */
  nodeArgs?: string[];
  /** Another build's server script instead of this checkout's (the benchmark's probe compares two builds). */
  script?: string;
}

/**
 * Starts the BUILT server on a free loopback port with `env` over the development defaults and waits until
 * /readyz answers. The suites that share one server per run (e2e), the ones that start their own (system:
 * restarts, two instances, signals) and the benchmark all start it here.
 */
export async function startBuiltServer(env: Record<string, string>, options: BuiltServerOptions = {}): Promise<ServerProcess> {
  const { nodeArgs = [], script = BUILT_SERVER, ...start } = options;
  if (!existsSync(script)) throw new Error(`The server is not built (${script}): run \`pnpm build\` first (pnpm test does).`);
  return startProcess(process.execPath, [...nodeArgs, script], { NODE_ENV: 'development', HOST: '127.0.0.1', ...env }, start);
}
