import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer } from '@app/testkit/server';
import type { TestProject } from 'vitest/node';
import { E2E } from './credentials';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Starts the built server (what `pnpm start` runs) once for the whole suite with its own PGlite data and the demo
 * data, so the browser tests see the product as a user would.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const server = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // The browser contexts say which address they come from, as a proxy in front of the server would.
      TRUST_PROXY: '1',
      // Behind a proxy, development sign-in (how the browser tests sign in) must be asked for by name.
      DEV_LOGIN: 'true',
      ADMIN_PANEL_PASSWORD: E2E.adminPanelPassword,
      // The demo admin every file unlocks with, one the lockout test locks out (wrong passwords count per admin),
      // and one with a passkey.
      ADMIN_EMAILS: `${E2E.adminEmail},${E2E.lockoutAdminEmail},${E2E.passkeyAdminEmail}`,
      COMMISSION_USERNAME: E2E.operator.username,
      COMMISSION_PASSWORD: E2E.operator.password,
      // A short proof-of-view time keeps the earning flow test quick; the server still enforces it.
      TASK_VIEW_SECONDS: '3',
    },
    { readyWithinMs: 45_000 },
  );
  const baseUrl = server.baseUrl;
  project.provide('baseUrl', baseUrl);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
