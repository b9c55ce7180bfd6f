import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import type postgres from 'postgres';

/** How busy this instance's database connections are now (docs/architecture.md#running-it, Metrics). */
export interface DbStats {
  /** Statements sent and not yet answered; on PostgreSQL including those queued for a free connection. */
  inFlight: number;
  /** Transactions begun and not yet ended, each holding one connection to itself until it ends. */
  transactions: number;
  /** Connections the pool may open (DATABASE_POOL_SIZE); PGlite has one. */
  maxConnections: number;
}

/** The pool's connections as the database sees them (pg_stat_activity), besides the one that asked. */
export interface PoolConnections {
  /** Running a statement, or holding a transaction open between statements. */
  inUse: number;
  /** Open and waiting for work. */
  idle: number;
}

/**
 * How many of the pool's connections are in use and idle. postgres.js tells nothing of its pool, so each
 * pool names its connections (`application_name`, unique per instance) and the database is asked which of
 * them are busy; the connection that asks is left out.
 */
export async function readPoolConnections(client: postgres.Sql, applicationName: string): Promise<PoolConnections> {
  const rows = await client<{ state: string | null; count: number }[]>`
    SELECT state, count(*)::int AS count FROM pg_stat_activity
    WHERE application_name = ${applicationName} AND datname = current_database() AND pid <> pg_backend_pid()
    GROUP BY state`;
  let inUse = 0;
  let idle = 0;
  for (const row of rows) {
    if (row.state === 'idle') idle += Number(row.count);
    else inUse += Number(row.count);
  }
  return { inUse, idle };
}

/**
 * `dialect` with its statements and transactions counted into `stats`. postgres.js tells nothing of its
 * pool, so what its users see is counted here, at the driver, where every statement and transaction
 * passes. The driver and its connections stay the dialect's own objects (the PostgreSQL dialect's
 * transactions and migration lock rely on that); only their methods are wrapped.
 */
export function countingDialect(dialect: Dialect, stats: DbStats): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => countingDriver(dialect.createDriver(), stats),
  };
}

function countingDriver(driver: Driver, stats: DbStats): Driver {
  const counted = new WeakSet<DatabaseConnection>();
  const open = new WeakSet<DatabaseConnection>();
  const ended = (connection: DatabaseConnection) => {
    if (open.delete(connection)) stats.transactions -= 1;
  };
  const { acquireConnection, beginTransaction, commitTransaction, rollbackTransaction } = driver;

  driver.acquireConnection = async () => {
    const connection = await acquireConnection.call(driver);
    if (!counted.has(connection)) {
      counted.add(connection);
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery) => {
        stats.inFlight += 1;
        try {
          return await execute<R>(query);
        } finally {
          stats.inFlight -= 1;
        }
      };
    }
    return connection;
  };
  driver.beginTransaction = async (connection, settings) => {
    await beginTransaction.call(driver, connection, settings);
    open.add(connection);
    stats.transactions += 1;
  };
  // A failed commit is followed by kysely's rollback, which ends the count.
  driver.commitTransaction = async (connection) => {
    await commitTransaction.call(driver, connection);
    ended(connection);
  };
  driver.rollbackTransaction = async (connection) => {
    try {
      await rollbackTransaction.call(driver, connection);
    } finally {
      ended(connection);
    }
  };
  return driver;
}
