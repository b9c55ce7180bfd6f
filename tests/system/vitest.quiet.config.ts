import { defineProject } from 'vitest/config';

/**
 * The checks that measure time, as a suite of their own that CI runs last, alone (TEST_SUITES=quiet):
 * - the Lighthouse budgets (test/lighthouse-budget.test.ts): Lighthouse's simulated throttling scales the
 *   CPU time it observes by four, so a run beside the other suites on two shared cores measured the landing
 *   page anywhere from 83 to 95;
 * - the live deliveries across two instances within 1 s (test/live-chat.test.ts): beside the other suites,
 *   the machine's load alone once took a maintenance switch past the second.
 */
export const QUIET_FILES = ['test/lighthouse-budget.test.ts', 'test/live-chat.test.ts'];

export default defineProject({
  test: {
    name: 'quiet',
    environment: 'node',
    include: QUIET_FILES,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
