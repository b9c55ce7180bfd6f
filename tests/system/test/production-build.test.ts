import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** Text only React's development bundle carries (its console hint), never its production one. */
const REACT_DEVELOPMENT_MARKER = 'Download the React DevTools';

const appDir = (app: string) => fileURLToPath(new URL(`../../../apps/${app}`, import.meta.url));
const outDirs: string[] = [];
afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('a build of the web apps', () => {
  // `pnpm start` and `pnpm build` with NODE_ENV=development (a server started for debugging) once built
  // React's development bundles; every build is a production build now (tooling/vite.ts).
  it.each(['member-web', 'admin-web', 'commission-web'])(
    '%s is a production bundle even when NODE_ENV=development',
    // A whole Vite build of the app: alone about 17 s, but CI runs this suite beside the others on two cores,
    // where one build took over a minute.
    { timeout: 240_000 },
    async (app) => {
      const outDir = mkdtempSync(path.join(tmpdir(), `${app}-build-`));
      outDirs.push(outDir);
      const vite = path.join(appDir(app), 'node_modules', '.bin', 'vite');
      await promisify(execFile)(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: appDir(app),
        env: { ...process.env, NODE_ENV: 'development' },
      });
      const scripts = readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      const development = scripts.filter((file) =>
        readFileSync(path.join(outDir, 'assets', file), 'utf8').includes(REACT_DEVELOPMENT_MARKER),
      );
      expect(development).toEqual([]);
    },
  );
});
