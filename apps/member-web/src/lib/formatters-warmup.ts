import { askWorkerOnce } from '@app/client';
import { DISPLAY_TIME_ZONE, intlLocale, LANGUAGES } from '@app/contracts';
import type { WarmUp } from './formatters-warmup.worker';

/**
 * Makes a number, plural and date formatter of each language in a worker, before the app's first render
 * (docs/architecture.md#what-a-page-loads-first). Chromium loads its Intl data once per page process, at the
 * first formatter any of its threads makes: 15 to 70 ms of one task that the dashboard's first render paid
 * on the main thread (four times that on a phone's CPU). Made first in a worker, the render's own formatters
 * take a tenth of a millisecond. The worker ends once it is done.
 */
export function warmFormattersOffMainThread(): void {
  // The catalogue's locales, the members' ones, and the contracts' own dates (en-US).
  const locales = [...LANGUAGES.flatMap((language) => [language, intlLocale(language)]), 'en-US'];
  const warmUp: WarmUp = { locales, timeZone: DISPLAY_TIME_ZONE };
  // Without a worker the page's first formatter loads the data, as it would anyway.
  void askWorkerOnce(() => new Worker(new URL('./formatters-warmup.worker.ts', import.meta.url), { type: 'module' }), warmUp);
}
