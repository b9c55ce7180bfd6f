import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';

/** How busy this instance's database connections are now (docs/architecture.md#running-it, Metrics). */
export interface DbStats {
  /** Statements sent and not yet answered; on PostgreSQL including those queued for a free connection. */
  inFlight: number;
  /** Transactions begun and not yet ended, each holding one connection to itself until it ends. */
  transactions: number;
  /** Connections the pool may open (DATABASE_POOL_SIZE); PGlite has one. */
  maxConnections: number;
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
