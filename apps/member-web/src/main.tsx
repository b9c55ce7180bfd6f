import { loadFirstPage, mountApp } from '@app/client';
import { App } from './app';
import { whenIdle } from './lib/idle';
import { activateLanguage, startingLanguage } from './lib/language';
import { createAppRouter } from './router';
import './styles.css';

// The visitor's language (docs/architecture.md#two-languages), whose catalogue is the one text the app cannot
// paint without, and the page, its code and data: then the app renders once, with both.
const router = createAppRouter();
void Promise.all([loadFirstPage(router), activateLanguage(startingLanguage())]).then(([clients]) =>
  mountApp(<App router={router} clients={clients} />),
);

// Once the page has loaded and the browser is idle, from a chunk of its own: the worker, and the files it
// caches as it installs (about 1.3 MB), never compete with the first screen on a phone's network.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () =>
    whenIdle(() => void import('./lib/service-worker').then((worker) => worker.registerServiceWorker())),
  );
}
