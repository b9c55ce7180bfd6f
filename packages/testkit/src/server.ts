import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** What `pnpm start` runs; `pnpm test` builds it first. */
const BUILT_SERVER = fileURLToPath(new URL('../../../apps/server/dist/main.js', import.meta.url));

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
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
  /** What the server wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit; the code and how long it took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts the BUILT server on a free loopback port with `env` over this process's environment, and waits
 * until /readyz answers. The suites that share one server per run (e2e) and the ones that start their
 * own (system: restarts, two instances, signals) all start it here.
 */
export async function startBuiltServer(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  if (!existsSync(BUILT_SERVER)) throw new Error('The server is not built: run `pnpm build` first (pnpm test does).');
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become ready in ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    port,
    child,
    output: () => output,
    exited,
    stop: async () => {
      const started = performance.now();
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: performance.now() - started };
    },
  };
}
