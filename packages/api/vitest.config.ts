import { nodeProject } from '../../tooling/vitest.ts';

export default nodeProject('api', { database: true });
