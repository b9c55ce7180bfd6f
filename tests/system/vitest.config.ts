import { defineProject } from 'vitest/config';
import { QUIET_FILES } from './vitest.quiet.config';

export default defineProject({
  test: {
    name: 'system',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Measured alone, after everything else (vitest.quiet.config.ts).
    exclude: QUIET_FILES,
    // A walk through many pages, or a CLI run on PGlite, beside CI's other suites: under a minute on an
    // ordinary day, past it in a CI run on 2026-11-29 when the machine ran about twice as slow.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Real server processes on two shared cores: one file (at most two servers) at a time.
    fileParallelism: false,
  },
});
