import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  appBuild,
  appServer,
  buildForProduction,
  precompressedFiles,
  sharedPage,
  sharedPublicDir,
  sourceConditions,
} from '../../tooling/vite.ts';

export default defineConfig(({ command }) => {
  buildForProduction(command);
  return {
    base: '/admin/percentage/',
    // The route generator and code splitter must see the route files before the React transform does.
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), sharedPage(), precompressedFiles()],
    resolve: { conditions: sourceConditions },
    build: appBuild,
    publicDir: sharedPublicDir,
    server: appServer(5175),
    preview: appServer(5175),
  };
});
