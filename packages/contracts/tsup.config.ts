import { defineConfig } from 'tsup';
import { nodeBuild } from '../../tooling/tsup.ts';

// The catalogues' entry points beside the index (docs/architecture.md#two-languages): the apps load a
// language's catalogue on its own, and the server's text translation stays out of the apps.
export default defineConfig(
  nodeBuild({ index: 'src/index.ts', 'i18n/index': 'src/i18n/index.ts', 'i18n/server-texts': 'src/i18n/server-texts.ts' }),
);
