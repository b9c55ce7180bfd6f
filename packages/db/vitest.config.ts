import { nodeProject } from '../../tooling/vitest.ts';

export default nodeProject('db', { database: true });
