import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { componentTests, sourceConditions } from '../../tooling/vite.ts';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  test: componentTests('commission-web', 'http://localhost:5175/admin/percentage/'),
});
