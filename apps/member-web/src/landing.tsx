import { DEFAULT_LANGUAGE, isLanguage } from '@app/contracts';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { LandingApp } from './landing-app';
import { activateLanguage } from './lib/language';
import './styles.css';

/** landing.html's script: it hydrates the prerendered landing page (docs/architecture.md#what-a-page-loads-first). */
const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// The server sent the page in the visitor's language (landing.html or landing.fil.html): hydrate in the same.
const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
void activateLanguage(language).then(() => {
  const root = hydrateRoot(
    container,
    <StrictMode>
      <LandingApp onHandOver={() => handOver(root)} />
    </StrictMode>,
  );
});

/** The member app takes the page over in the same React root. */
function handOver(root: Root) {
  void Promise.all([import('./app'), import('./router')]).then(([{ App }, { createAppRouter }]) =>
    root.render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    ),
  );
}

// As the app does (main.tsx), so a visitor can install the app from this page too. Written out here rather
// than shared: a function both entries import would join the app's entry chunk, which this page must not run.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/service-worker').then((worker) => worker.registerServiceWorker()));
}
