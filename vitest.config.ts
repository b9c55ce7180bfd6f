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

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
    // Two cores: more workers only queue up on PGlite boots and Chromium.
    maxWorkers: 2,
    onUnhandledError: (error) => !isLostArrayTypeLookup(error as { query?: unknown }),
  },
});
