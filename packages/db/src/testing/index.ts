export { createTestDb, type TestDbHandle } from './test-db';
