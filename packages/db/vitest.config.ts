import { nodeProject } from '../../vitest.shared.ts';

export default nodeProject('db', { database: true });
