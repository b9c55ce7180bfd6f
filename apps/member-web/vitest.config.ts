import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { componentTests, sourceConditions } from '../../tooling/vite.ts';

const tests = componentTests('member-web', 'http://localhost:5173/');

export default defineProject({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  test: { ...tests, setupFiles: [...tests.setupFiles, './test/language-setup.ts'] },
});
