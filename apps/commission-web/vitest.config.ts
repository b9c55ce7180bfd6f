import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { componentTests, sourceConditions } from '../../tooling/vite.ts';

export default defineProject({
  // The route tree is not in git (tooling/route-tree.mjs): the tests write it as the app's build does.
  plugins: [tanstackRouterGenerator(), react()],
  resolve: { conditions: sourceConditions },
  test: componentTests('commission-web', 'http://localhost:5175/admin/percentage/'),
});
