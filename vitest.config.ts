import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'tests/*/vitest.config.ts'],
    // Two cores: more workers only queue up on PGlite boots and Chromium.
    maxWorkers: 2,
  },
});
