import { afterAll, expect, it } from 'vitest';
import { startServer, temporaryDataDir } from '../support';

/** The limit for a start of the built server (what `pnpm start` runs) on PGlite. */
const START_LIMIT_MS = 3_000;

const data = temporaryDataDir();
afterAll(() => data.remove());

/**
 * Spawn to first ready answer, twice on one PGlite data directory: first on an empty one (database
 * created, migrated, demo data written), then again on the data the first start left.
 */
it('starts on PGlite with its data in place within 3 s, and says how long a first start takes', async () => {
  const env = { DATA_DIR: data.dir, DEMO_DATA: 'true' };
  const first = await startServer(env);
  expect((await first.stop()).code, first.output()).toBe(0);
  const second = await startServer(env);
  expect((await second.stop()).code, second.output()).toBe(0);

  console.log(`PGlite start to /readyz 200: first (empty DATA_DIR) ${first.readyMs.toFixed(0)} ms, second ${second.readyMs.toFixed(0)} ms`);
  expect(second.readyMs).toBeLessThanOrEqual(START_LIMIT_MS);
});
