import { nodeProject } from '../../vitest.shared.ts';

export default nodeProject('api', { database: true });
