import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

/** Workspace packages resolve to their TypeScript source ("source" export condition) under test. */
const conditions = ['source', ...defaultServerConditions];

const dbGlobalSetup = fileURLToPath(new URL('../packages/db/src/testing/global-setup.ts', import.meta.url));

/** A Node test project; `database: true` gives its tests migrated databases (see @app/db/testing). */
export function nodeProject(name: string, options: { database?: boolean } = {}) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['source'] } },
    test: {
      name,
      environment: 'node',
      include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
      globalSetup: options.database ? [dbGlobalSetup] : [],
      // Each file builds its own app and database, and the packages keep no state of their own between apps:
      // a worker's files share one evaluation of the modules rather than importing the app again for each
      // (docs/testing.md#ci-time).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}
