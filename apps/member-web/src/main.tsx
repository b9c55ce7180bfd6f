import { loadFirstPage, mountApp, nextTask } from '@app/client';
import { prepareClassMerging, whenIdle } from '@app/ui';
import { App } from './app';
import { warmFormattersOffMainThread } from './lib/formatters-warmup';
import { activateLanguage, startingLanguage } from './lib/language';
import { createAppRouter } from './router';
import './styles.css';

// The formatters' data, loaded by a worker meanwhile; the visitor's language (docs/architecture.md#two-languages),
// whose catalogue is the one text the app cannot paint without, and the page, its code and data: then the app
// renders once, with both. Each step in a task of its own after the scripts' own evaluation.
async function start(): Promise<void> {
  warmFormattersOffMainThread();
  const language = activateLanguage(startingLanguage());
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  prepareClassMerging();
  await nextTask();
  const clients = await loadFirstPage(router);
  await language;
  await mountApp(<App router={router} clients={clients} />);
}
void start();

// Once the page has loaded and the browser is idle, from a chunk of its own: the worker, and the files it
// caches as it installs (about 1.3 MB), never compete with the first screen on a phone's network.
if ('serviceWorker' in navigator) {
  const registerWhenIdle = () =>
    whenIdle(
      () =>
        void Promise.all([import('./lib/service-worker'), import('./lib/update-prompt')]).then(([worker, prompt]) =>
          worker.registerServiceWorker(prompt.offerUpdate),
        ),
    );
  // The app's scripts start after the page's first paint (build/first-paint.ts), often after its load event.
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}
