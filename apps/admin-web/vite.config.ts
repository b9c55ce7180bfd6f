import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';
import { appSettings } from '../../tooling/vite.ts';

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

export default defineConfig(({ command }) =>
  appSettings(command, {
    base: '/admin/',
    port: 5174,
    page: { title: 'PesoTasks Admin Portal', robots: 'noindex' },
    // The route generator and code splitter must see the route files before the React transform does.
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), servePortalPath()],
  }),
);
