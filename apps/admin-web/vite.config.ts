import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';
import {
  appBuild,
  appServer,
  buildForProduction,
  precompressedFiles,
  sharedPage,
  sharedPublicDir,
  sourceConditions,
} from '../../tooling/vite.ts';

/** Addresses of the app outside its /admin/ base: /admin-portal, and /admin without its slash. */
const OUTSIDE_BASE = /^\/(?:admin|admin-portal(?:\/[^?#]*)?)(?:[?#]|$)/;

/**
 * The app is served under /admin/ (its assets at /admin/assets) but also answers /admin-portal and
 * /admin. The API server serves the page there in production; this does the same for the dev and
 * preview servers, leaving the address in the browser as it was for the router to read.
 */
function servePortalPath(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url && OUTSIDE_BASE.test(req.url)) req.url = '/admin/';
    next();
  };
  return {
    name: 'admin-portal-path',
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}

export default defineConfig(({ command }) => {
  buildForProduction(command);
  return {
    base: '/admin/',
    // The route generator and code splitter must see the route files before the React transform does.
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      tailwindcss(),
      sharedPage(),
      precompressedFiles(),
      servePortalPath(),
    ],
    resolve: { conditions: sourceConditions },
    build: appBuild,
    publicDir: sharedPublicDir,
    server: appServer(5174),
    preview: appServer(5174),
  };
});
