import { mountApp } from '@app/client';
import { App } from './app';
import { activateLanguage, startingLanguage } from './lib/language';
import { createAppRouter } from './router';
import './styles.css';

// The visitor's language first (docs/architecture.md#two-languages): its catalogue is the one text the app cannot paint without.
void activateLanguage(startingLanguage()).then(() => mountApp(<App router={createAppRouter()} />));

// After the page has loaded, from a chunk of its own: the worker never competes with the first screen.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/service-worker').then((worker) => worker.registerServiceWorker()));
}
