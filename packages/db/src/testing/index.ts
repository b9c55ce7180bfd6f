export { createTestDb } from './test-db';
