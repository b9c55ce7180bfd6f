import { defineProject } from 'vitest/config';
import { QUIET_FILES } from './vitest.quiet.config';

export default defineProject({
  test: {
    name: 'system',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Measured alone, after everything else (vitest.quiet.config.ts).
    exclude: QUIET_FILES,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Real server processes on two shared cores: one file (at most two servers) at a time.
    fileParallelism: false,
  },
});
