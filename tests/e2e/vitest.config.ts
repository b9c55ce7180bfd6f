import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./server.global-setup.ts'],
    // A walk through many pages, or a CLI run on PGlite, beside CI's other suites: under a minute on an
    // ordinary day, past it in a CI run on 2026-11-29 when the machine ran about twice as slow.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One browser at a time: two cores are shared with the server under test.
    fileParallelism: false,
  },
});
