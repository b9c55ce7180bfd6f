import 'vitest';

/**
 * Names of the databases the tests make on a real PostgreSQL server: `app_test_<pid>_<project>_...`, so
 * test runs side by side on one server, and the projects of one run, leave each other's databases alone.
 */
export const TEST_DATABASE_PREFIX = 'app_test_';

export const projectPrefix = (runId: number, project: string) => `${TEST_DATABASE_PREFIX}${runId}_${project.replace(/\W/g, '')}_`;
export const templateDatabase = (prefix: string) => `${prefix}template`;

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The server's maintenance database, from which test databases are created and dropped. */
export function adminUrl(url: string): string {
  return withDatabaseName(url, 'postgres');
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; each test database boots from a copy. */
    pgliteDumpPath: string;
    /** Set when tests run against a real PostgreSQL (TEST_DATABASE_URL). */
    testDatabaseUrl: string;
    /** The start of this project's database names (see projectPrefix). */
    testDatabasePrefix: string;
  }
}
