import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'system',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Real server processes on two shared cores: one file (at most two servers) at a time.
    fileParallelism: false,
  },
});
