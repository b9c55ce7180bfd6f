import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type MigrationLockOptions,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type postgres from 'postgres';

/**
 * How often each postgres.js connection (by id) has closed; feed it from postgres.js's `onclose` option.
 * A reserved connection whose count moved since its first query has lost its session.
 */
export class ConnectionCloses {
  private readonly counts = new Map<number, number>();

  record = (connectionId: number): void => {
    this.counts.set(connectionId, this.count(connectionId) + 1);
  };

  count(connectionId: number): number {
    return this.counts.get(connectionId) ?? 0;
  }
}

function connectionLost(): Error {
  return Object.assign(new Error('The database connection was lost'), { code: 'CONNECTION_CLOSED' });
}

/**
 * Runs one statement. Prepared: each connection parses and plans a statement once and then only binds it
 * (postgres.js keeps them per connection by text; `unsafe` alone would parse and plan every call afresh).
 * A plan made stale by a migration is prepared again by postgres.js (its retry on RevalidateCachedQuery).
 */
async function runStatement<R>(
  target: postgres.Sql,
  compiledQuery: CompiledQuery,
  options: { onexecute?: (connection: { id: number }) => boolean } = {},
): Promise<QueryResult<R>> {
  const result = await target.unsafe(
    compiledQuery.sql,
    [...compiledQuery.parameters] as postgres.ParameterOrJSON<never>[],
    {
      prepare: true,
      ...options,
    } as postgres.UnsafeQueryOptions,
  );
  const { command, count } = result;
  const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
  return { rows: Array.from(result) as R[], ...(changed ? { numAffectedRows: BigInt(count) } : {}) };
}

/** kysely's BEGIN, with or without an isolation level or access mode. */
const OPENS_TRANSACTION = /^(?:begin|start transaction)\b/i;

/**
 * A connection postgres.js reserved for kysely (a transaction, or the migrator's session lock). postgres.js
 * 3.4.9 keeps writing to a reserved connection after its socket closed: the next statement (kysely's
 * ROLLBACK) either throws from a timer, ending the process, or never settles, and `release()` hands the
 * dead connection back to the pool as open. So once the session is gone this connection refuses every
 * further statement itself, as a lost connection (503), and is not released: postgres.js already took it back.
 */
class ReservedConnection {
  private pinned: { id: number; closes: number } | undefined;
  private lost = false;
  /** A transaction's BEGIN, sent but not yet waited for: it goes out with the transaction's first statement. */
  private opening: Promise<unknown> | undefined;

  constructor(
    private readonly reserved: postgres.ReservedSql,
    private readonly closes: ConnectionCloses,
  ) {}

  /** Whether the session this connection started on has ended (a close, or a connection error). */
  get isLost(): boolean {
    return this.lost || (this.pinned !== undefined && this.closes.count(this.pinned.id) !== this.pinned.closes);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.isLost) throw connectionLost();
    // postgres.js's internal per-query hook names the connection the statement runs on; true keeps it usable.
    const onexecute = (connection: { id: number }) => {
      this.pinned ??= { id: connection.id, closes: this.closes.count(connection.id) };
      return true;
    };
    const opening = this.opening;
    this.opening = undefined;
    const statement = runStatement<R>(this.reserved, compiledQuery, { onexecute });
    if (!opening && OPENS_TRANSACTION.test(compiledQuery.sql)) {
      // postgres.js pipelines what is sent on one connection, so the BEGIN and the first statement share a
      // round trip instead of the transaction holding its connection for one more. Its failure is the
      // first statement's: both wait for it.
      this.opening = statement;
      statement.catch(() => {});
      return { rows: [] };
    }
    try {
      if (opening) await opening;
      return await statement;
    } catch (error) {
      statement.catch(() => {});
      if (isConnectionError(error)) this.lost = true;
      throw error;
    }
  }

  release(): void {
    if (!this.isLost) this.reserved.release();
  }
}

/**
 * What kysely acquires for each statement, transaction or migration run. Until pinned, each statement goes
 * to postgres.js's pool, which pipelines the statements of concurrent requests over its connections (one
 * socket write and one read for several), where reserving a connection per statement made each wait for
 * a free connection and cost a write and a read of its own. A transaction, and the migrator's session-level
 * lock, pin one reserved connection for the rest of the acquisition. `db.connection()` alone does not pin:
 * session state (SET, session locks) belongs in a transaction.
 */
class PoolConnection implements DatabaseConnection {
  private reserved: ReservedConnection | undefined;

  constructor(
    private readonly client: postgres.Sql,
    private readonly closes: ConnectionCloses,
  ) {}

  async pin(): Promise<void> {
    this.reserved ??= new ReservedConnection(await this.client.reserve(), this.closes);
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.reserved ? this.reserved.executeQuery<R>(compiledQuery) : runStatement<R>(this.client, compiledQuery);
  }

  // biome-ignore lint/correctness/useYield: kysely's interface; this app never streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported');
  }

  release(): void {
    this.reserved?.release();
  }
}

/** postgres.js's own connection codes and socket errors (not SQL errors, which keep the session). */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('CONNECT') || code.startsWith('E'));
}

class GuardedPostgresDriver extends PostgresDriver {
  constructor(
    private readonly client: postgres.Sql,
    private readonly closes: ConnectionCloses,
  ) {
    super({ pool: undefined as never });
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PoolConnection(this.client, this.closes);
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PoolConnection).pin();
    await super.beginTransaction(connection, settings);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PoolConnection).release();
  }

  /** Closing waits up to 5 s for running statements; a statement postgres.js lost with its socket never ends. */
  override async destroy(): Promise<void> {
    await this.client.end({ timeout: 5 });
  }
}

/** The migrator takes a session-level lock and releases it after its transaction: both on one pinned connection. */
class PinningPostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await db.getExecutor().provideConnection((connection) => (connection as PoolConnection).pin());
    await super.acquireMigrationLock(db, options);
  }
}

/** kysely over a postgres.js client created with `onclose: closes.record`. */
export class GuardedPostgresJsDialect implements Dialect {
  constructor(
    private readonly client: postgres.Sql,
    private readonly closes: ConnectionCloses,
  ) {}

  createAdapter() {
    return new PinningPostgresAdapter();
  }

  createDriver(): Driver {
    return new GuardedPostgresDriver(this.client, this.closes);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
