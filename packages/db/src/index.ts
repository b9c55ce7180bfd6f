export { type BookCounts, type BookProblem, type BookProblemKind, type BooksReport, checkBooks, summarizeBooks } from './books';
export { type CreateDbOptions, createDb, type Db, type DbHandle, type Tx } from './create-db';
export { jsonb } from './json';
export { checkLedger, deltasFor, InsufficientFundsError, type LedgerDifference, type LedgerEntry, postToLedger } from './ledger';
export { migrateToLatest } from './migrate';
export { PGliteDialect } from './pglite-dialect';
export type * from './schema';
export { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, isEmpty, seedDemoData } from './seed';
export { generateReferralCode, insertUser, type NewMember } from './users';
