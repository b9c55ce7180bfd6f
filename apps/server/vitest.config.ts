import { nodeProject } from '../../vitest.shared.ts';

export default nodeProject('server', { database: true });
