import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { componentTests, sourceConditions } from '../../tooling/vite.ts';

const tests = componentTests('member-web', 'http://localhost:5173/');

export default defineProject({
  // The route tree is not in git (tooling/route-tree.mjs): the tests write it as the app's build does.
  plugins: [tanstackRouterGenerator(), react()],
  resolve: { conditions: sourceConditions },
  test: { ...tests, setupFiles: [...tests.setupFiles, './test/language-setup.ts'] },
});
