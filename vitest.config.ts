import { defineConfig } from 'vitest/config';

/**
 * postgres.js never awaits the array-type lookup it sends on each new connection, so a connection lost
 * while it starts (the database-outage test cuts them on purpose) rejects with nobody listening. The
 * server logs exactly this case and goes on (apps/server/src/main.ts); the tests do the same. Any other
 * unhandled error still fails the run.
 */
function isLostArrayTypeLookup(error: { query?: unknown }): boolean {
  return typeof error.query === 'string' && error.query.includes('typarray');
}

/**
 * The browser and system suites run their files one at a time (real servers and Chromium on two cores),
 * after every other project's files, and leave most of the machine idle meanwhile. CI runs them as two
 * processes of their own beside the rest (TEST_SUITES=e2e, TEST_SUITES=system and TEST_SUITES=parallel,
 * .ci/run), then the quiet suite alone (TEST_SUITES=quiet); without TEST_SUITES, `pnpm test` runs them all.
 */
const E2E_SUITES = ['tests/e2e/vitest.config.ts'];
const SYSTEM_SUITES = ['tests/system/vitest.config.ts'];
const PARALLEL_SUITES = ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'];
/** The checks that measure time, which the other suites' load on the two cores would skew: CI runs them last, alone. */
const QUIET_SUITES = ['tests/system/vitest.quiet.config.ts'];
const SUITES: Record<string, string[]> = {
  e2e: E2E_SUITES,
  system: SYSTEM_SUITES,
  serial: [...E2E_SUITES, ...SYSTEM_SUITES],
  parallel: PARALLEL_SUITES,
  quiet: QUIET_SUITES,
  all: [...PARALLEL_SUITES, ...E2E_SUITES, ...SYSTEM_SUITES, ...QUIET_SUITES],
};
const suites = process.env.TEST_SUITES || 'all';
if (!(suites in SUITES)) throw new Error(`TEST_SUITES must be one of ${Object.keys(SUITES).join(', ')}, not "${suites}"`);

export default defineConfig({
  test: {
    projects: SUITES[suites],
    // Two cores: more workers only queue up on PGlite boots and Chromium.
    maxWorkers: 2,
    onUnhandledError: (error) => !isLostArrayTypeLookup(error as { query?: unknown }),
  },
});
