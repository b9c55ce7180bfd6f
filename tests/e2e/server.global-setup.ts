import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const serverEntry = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the BUILT server (what `pnpm start` runs) on a free port with its own PGlite data and the demo
 * data, so the browser tests see the product as a user would.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry)) throw new Error('The server is not built: run `pnpm build` first (pnpm test does).');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const server: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // The browser contexts say which address they come from, as a proxy in front of the server would.
      TRUST_PROXY: '1',
      ADMIN_PANEL_PASSWORD: 'e2e-admin-password',
      // The demo admin every file unlocks with, and one the lockout test locks out (wrong passwords count per admin).
      ADMIN_EMAILS: 'admin@example.com,lockout-admin@example.com',
      COMMISSION_USERNAME: 'operator',
      COMMISSION_PASSWORD: 'e2e-operator-password',
      // A short proof-of-view time keeps the earning flow test quick; the server still enforces it.
      TASK_VIEW_SECONDS: '3',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not become ready in 45 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
