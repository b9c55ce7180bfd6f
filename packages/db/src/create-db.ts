import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, type Transaction } from 'kysely';
import postgres from 'postgres';
import { type ChangeFeed, QUEUE_MONEY_CHANGES_SETTING } from './changes';
import { countingDialect, type DbStats, type PoolConnections, readPoolConnections } from './db-stats';
import { pgliteChangeFeed } from './pglite-changes';
import { PGliteDialect } from './pglite-dialect';
import { builtPgliteTemplateDir, copyPgliteTemplate } from './pglite-template';
import { postgresChangeFeed } from './postgres-changes';
import { ConnectionCloses, GuardedPostgresJsDialect } from './postgres-js-dialect';
import { makePrivateFolder, PRIVATE_FOLDER_MODE } from './private-files';
import type { Database } from './schema';
import { CachedWritesPlugin } from './write-tracking';

export type Db = Kysely<Database>;
/** A database transaction: what money-moving code takes, so it cannot run outside one. */
export type Tx = Transaction<Database>;

export interface DbHandle {
  db: Db;
  /** 'pglite' for the embedded database, 'postgres' for a server reached through DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, when kind is 'pglite' (tests dump and copy it). */
  pglite?: PGlite;
  /**
   * The changes every instance commits, as this instance hears them (docs/architecture.md#caches): made at
   * the first call, which on PostgreSQL opens one more connection, the one that listens.
   */
  changes(): Promise<ChangeFeed>;
  /** Statements in flight, open transactions and the pool's size, now (docs/architecture.md#running-it). */
  stats(): DbStats;
  /**
   * Runs SQL written for node-postgres (pg-boss's, docs/decisions.md#web-push-queue) over this handle's own
   * connections: one statement with its values, or, without values, a script of several. Rows keep the
   * database's column names.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** On PostgreSQL: the pool's connections in use and idle, now, as the database sees them (one query). */
  poolConnections?(): Promise<PoolConnections>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres://... ; without it the embedded PGlite under dataDir is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; 'memory://' keeps them in memory. */
  dataDir?: string | undefined;
  /** A PGlite data directory dump to start from (tests boot one migrated database and copy it). */
  loadDataDir?: Blob | undefined;
  /** Where a new dataDir is copied from (default: the build's template); null creates the cluster anew. */
  pgliteTemplateDir?: string | null | undefined;
  /** Pool size for postgres.js (DEFAULT_POOL_SIZE). */
  maxConnections?: number | undefined;
}

/**
 * int8 (bigint money, counts) and numeric (sums) are read as JavaScript numbers by both drivers: centavos
 * stay far below 2^53, and one representation means the same code and tests on PGlite and PostgreSQL.
 */
const toNumber = (value: string) => Number(value);

/**
 * Connections each instance opens to PostgreSQL unless told otherwise. Few: statements in flight together
 * share a connection and go out in one write, and every write wakes a database process, which on a small
 * server costs more than the statement (the task cycle ran 843 requests/s with 4 and 630 with 10 on this
 * repository's 2-core bench machine; docs/architecture.md#running-it).
 */
export const DEFAULT_POOL_SIZE = 4;

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  let feed: Promise<ChangeFeed> | undefined;
  const feedOnce = (make: () => Promise<ChangeFeed>) => () => {
    feed ??= make();
    return feed;
  };
  const closeFeed = async () => (feed ? (await feed).close() : undefined);
  const plugins = [new CamelCasePlugin(), new CachedWritesPlugin(() => void feed?.then((changes) => changes.markBehind()))];
  const counts: DbStats = {
    inFlight: 0,
    transactions: 0,
    maxConnections: options.databaseUrl ? (options.maxConnections ?? DEFAULT_POOL_SIZE) : 1,
  };
  const stats = () => ({ ...counts });
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const closes = new ConnectionCloses();
    // Unique per instance, so that pg_stat_activity tells this pool's connections apart (poolConnections).
    const applicationName = `pesotasks-pool-${randomBytes(4).toString('hex')}`;
    const client = postgres(options.databaseUrl, {
      connection: { application_name: applicationName, [QUEUE_MONEY_CHANGES_SETTING]: 'on' },
      max: options.maxConnections ?? DEFAULT_POOL_SIZE,
      // While the database is away, calls fail within seconds (503) instead of queueing for postgres.js's
      // 30 s default; after it returns, the pool reconnects within a second rather than after a backoff
      // that grows to 20 s with every refused attempt.
      connect_timeout: 5,
      backoff: (attempts: number) => Math.min(0.05 * 2 ** attempts, 1),
      onnotice: () => {},
      onclose: closes.record,
      types: {
        bigint: { to: 20, from: [20, 1700], serialize: (value: number) => String(value), parse: toNumber },
      },
    });
    const db = new Kysely<Database>({ dialect: countingDialect(new GuardedPostgresJsDialect(client, closes), counts), plugins });
    return {
      db,
      kind: 'postgres',
      changes: feedOnce(async () => postgresChangeFeed(databaseUrl, client)),
      stats,
      executeSql: async (text, values = []) => {
        // node-postgres sends an undefined value as NULL, which SQL written for it counts on; postgres.js refuses one.
        const given = values.map((value) => value ?? null) as postgres.ParameterOrJSON<never>[];
        if (values.length > 0) return { rows: [...(await client.unsafe(text, given))] };
        // A script may hold its own BEGIN and COMMIT, which postgres.js allows only on a connection of its own.
        const reserved = await client.reserve();
        const result = await reserved
          .unsafe(text)
          .simple()
          .finally(() => reserved.release());
        // A script answers with one result per statement: the last one is the script's.
        const last: readonly object[] = Array.isArray(result.at(-1)) ? (result.at(-1) as unknown as object[]) : result;
        return { rows: [...last] as Record<string, unknown>[] };
      },
      poolConnections: () => readPoolConnections(client, applicationName),
      close: async () => {
        await closeFeed();
        await db.destroy();
      },
    };
  }

  const dataDir = options.dataDir ?? './data';
  let pgDataDir: string | undefined;
  if (dataDir !== 'memory://') {
    pgDataDir = path.resolve(dataDir, 'pglite');
    // A DATA_DIR made here is the owner's alone; one that exists keeps the modes its operator gave it (a
    // mounted volume, a folder shared with other files). The database's own folder is always narrowed.
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const templateDir = options.pgliteTemplateDir === undefined ? builtPgliteTemplateDir() : options.pgliteTemplateDir;
    if (templateDir !== null && !options.loadDataDir) copyPgliteTemplate(pgDataDir, templateDir);
    makePrivateFolder(pgDataDir);
  }
  const pg = await PGlite.create({
    ...(pgDataDir ? { dataDir: pgDataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [types.INT8]: toNumber, [types.NUMERIC]: toNumber },
    // The admin user search's trigram indexes (migration 0003); PGlite loads contrib extensions only when asked.
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: countingDialect(new PGliteDialect(pg), counts), plugins });
  return {
    db,
    kind: 'pglite',
    pglite: pg,
    changes: feedOnce(() => pgliteChangeFeed(pg)),
    stats,
    // Holding kysely's one connection, so the statements never run inside someone else's transaction.
    executeSql: (text, values = []) =>
      db.connection().execute(async () => {
        if (values.length > 0) return pg.query<Record<string, unknown>>(text, [...values], { rowMode: 'object' });
        const results = await pg.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }),
    close: async () => {
      await closeFeed();
      await db.destroy();
    },
  };
}
