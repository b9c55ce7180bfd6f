export { type BookProblem, type BooksReport, checkBooks, summarizeBooks } from './books';
export {
  type AdminListName,
  type AppCaches,
  type CacheCounts,
  type CachedSession,
  ChangeCache,
  COLD_FEED_MAX_AGE_MS,
  createAppCaches,
  namedCaches,
} from './cache';
export { appendAdminLog, rechainAdminLogs, rechainLedger } from './chains';
export { type Change, type ChangeFeed, type ChangeTopic, parseChange } from './changes';
export { createDb, type Db, type DbHandle, DEFAULT_POOL_SIZE, type Tx } from './create-db';
export type { DbStats, PoolConnections } from './db-stats';
export { commitWithoutWaitingForDisk } from './durability';
export { jsonb } from './json';
export { checkLedger, GATED_ROW_ID, InsufficientFundsError, postToLedger, preparedGatedPosting } from './ledger';
export { migrateToLatest } from './migrate';
export { preparedStatement } from './prepared';
export type * from './schema';
export { isEmpty, seedDemoData } from './seed';
export { isDatabaseUnavailable } from './unavailable';
export { findOrCreateUser, insertUser, rememberRowVersion, rowVersionOf } from './users';
export { runInWriteScope, type WriteScope, writesReachOthers } from './write-tracking';
