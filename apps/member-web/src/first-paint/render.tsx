import { LANGUAGES, type Language } from '@app/contracts';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { LandingApp } from '../landing-app';
import { loadLanguage, translate } from '../lib/language';
import { StaticShell } from './static-shell';

/** The landing page in one language: its markup, and the page's title and description in that language. */
interface LandingPaint {
  markup: string;
  title: string;
  description: string;
}

/**
 * The markup the build writes into the member site's pages (build/first-paint.ts): the landing page in each
 * language (landing.html, landing.fil.html), rendered as its script hydrates it, and the signed-in shell for
 * index.html, which the app replaces rather than hydrates.
 */
export async function renderFirstPaints(): Promise<{ landing: Record<Language, LandingPaint>; shell: string }> {
  const landing = {} as Record<Language, LandingPaint>;
  for (const language of LANGUAGES) {
    await loadLanguage(language);
    landing[language] = {
      markup: renderToString(
        <StrictMode>
          <LandingApp onHandOver={() => undefined} />
        </StrictMode>,
      ),
      title: translate('landing.meta.title'),
      description: translate('landing.meta.description'),
    };
  }
  return { landing, shell: renderToStaticMarkup(<StaticShell />) };
}
