import { defineConfig } from 'tsup';
import { nodeBuild } from '../../tooling/tsup.ts';

export default defineConfig(nodeBuild(['src/index.ts']));
