import { readQueries } from '@app/client/read-queries';
import { runLandingPage } from './lib/landing-script';
import './styles.css';

/** landing.html's script (docs/architecture.md#what-a-page-loads-first): no React unless the site is closed. */
void runLandingPage(document, {
  read: readQueries,
  reload: () => window.location.reload(),
  takeOver: () => void import('./main'),
});

// As the app does (main.tsx), so a visitor can install the app from this page too. Written out here rather
// than shared: a function both entries import would join the app's entry chunk, which this page must not run.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/service-worker').then((worker) => worker.registerServiceWorker()));
}
