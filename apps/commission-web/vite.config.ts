import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appSettings } from '../../tooling/vite.ts';

export default defineConfig(({ command }) =>
  appSettings(command, {
    base: '/admin/percentage/',
    port: 5175,
    page: { title: 'PesoTasks Commission Dashboard', robots: 'noindex' },
    // The route generator and code splitter must see the route files before the React transform does.
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  }),
);
