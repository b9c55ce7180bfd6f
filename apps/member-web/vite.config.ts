import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons, BRAND_COLOUR, installIcons } from '../../tooling/app-icons.ts';
import { appSettings } from '../../tooling/vite.ts';
import { compiledCatalogues } from './build/catalogues.ts';
import { memberFirstPaint } from './build/first-paint.ts';

/**
 * The web app manifest and the service worker (docs/architecture.md#service-worker): src/sw.ts, built by
 * vite-plugin-pwa with the list of files to precache written into it. The page registers it itself, after
 * load (src/lib/service-worker.tsx).
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'PesoTasks',
    short_name: 'PesoTasks',
    description: 'Complete simple online tasks, earn pesos and cash out.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOUR,
    background_color: '#f8fafc',
    icons: [
      { src: `/${installIcons.any192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/${installIcons.any512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/${installIcons.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell, the hashed scripts and styles, and the icons: never the compressed copies beside them.
    globPatterns: ['**/*.{js,css,html,svg,png}'],
  },
});

export default defineConfig(({ command }) =>
  appSettings(command, {
    base: '/',
    port: 5173,
    page: { icon: { href: `/${installIcons.favicon48}`, type: 'image/png' } },
    // The route generator and code splitter must see the route files before the React transform does.
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      tailwindcss(),
      compiledCatalogues(),
      appIcons(),
      memberFirstPaint(),
      installableApp,
    ],
  }),
);
