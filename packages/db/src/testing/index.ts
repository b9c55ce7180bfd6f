export { silentFeed } from './silent-feed';
export { countStatements, type StatementCounter } from './statement-counter';
export { createTestDb, type TestDbHandle } from './test-db';
