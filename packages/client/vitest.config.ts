import { nodeProject } from '../../tooling/vitest.ts';

export default nodeProject('client');
