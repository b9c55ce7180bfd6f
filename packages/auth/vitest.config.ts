import { nodeProject } from '../../vitest.shared.ts';

export default nodeProject('auth', { database: true });
