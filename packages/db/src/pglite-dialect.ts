import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * PGlite has one connection. Kysely asks for a connection per query or transaction, so the driver hands
 * that connection to one holder at a time: a transaction keeps it until commit or rollback, and other
 * requests wait instead of running inside someone else's transaction.
 */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(compiled.sql, [...compiled.parameters], { rowMode: 'object' });
    const affected = result.affectedRows;
    const isWrite = result.command !== undefined && result.command !== 'SELECT';
    return {
      rows: result.rows,
      ...(isWrite && affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite holds a result in memory whole; stream it as one chunk.
    yield await this.executeQuery<R>(compiled);
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pg: PGlite) {
    this.#connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    // Each holder gets its own handle over the one connection, so its release cannot free another holder.
    const handle: DatabaseConnection = {
      executeQuery: (compiled) => this.#connection.executeQuery(compiled),
      streamQuery: (compiled) => this.#connection.streamQuery(compiled),
    };
    this.#releases.set(handle, release);
    return handle;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`BEGIN${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
