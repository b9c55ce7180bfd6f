import {
  DASHBOARD_GREETINGS,
  DASHBOARD_HEADERS_FILE,
  type DashboardGreeting,
  type DashboardHeaders,
  dashboardDescription,
  LANGUAGES,
  type Language,
} from '@app/contracts';
import { PageHeader } from '@app/ui';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { LandingApp } from '../landing-app';
import { loadLanguage, translate } from '../lib/language';
import { PageHeaderSkeleton, StaticShell } from './static-shell';

/** The landing page in one language: its markup, and the page's title and description in that language. */
interface LandingPaint {
  markup: string;
  title: string;
  description: string;
}

/** Where the server writes the member's first name into a greeting of DashboardHeaders. */
export const MEMBER_NAME_SLOT = '%MEMBER_NAME%';

/** The heading of every greeting in the active language; the named ones carry MEMBER_NAME_SLOT. */
function dashboardHeadersInActiveLanguage(): Record<DashboardGreeting, string> {
  const headers = {} as Record<DashboardGreeting, string>;
  for (const greeting of DASHBOARD_GREETINGS) {
    const named = greeting.endsWith('Named');
    const markup = renderToStaticMarkup(
      <PageHeader
        title={translate(greeting, named ? { name: MEMBER_NAME_SLOT } : undefined)}
        description={translate(dashboardDescription(greeting))}
      />,
    );
    // Without the document title React renders beside it (and moves into <head> in a browser): the page's
    // own <title> stands until the app sets the dashboard's.
    headers[greeting] = markup.replace(/<title>[^<]*<\/title>/, '');
  }
  return headers;
}

/**
 * The markup the build writes into the member site's pages (build/first-paint.ts): the landing page in each
 * language (landing.html, landing.fil.html), rendered as its script hydrates it, the signed-in shell for
 * index.html, which the app replaces rather than hydrates, and the dashboard's headings for the server.
 */
export async function renderFirstPaints(): Promise<{
  landing: Record<Language, LandingPaint>;
  shell: string;
  /** Files for the server beside the pages, by name: the dashboard's headings (DASHBOARD_HEADERS_FILE). */
  serverFiles: Record<string, string>;
}> {
  const landing = {} as Record<Language, LandingPaint>;
  const headers = {} as DashboardHeaders['headers'];
  for (const language of LANGUAGES) {
    await loadLanguage(language);
    headers[language] = dashboardHeadersInActiveLanguage();
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
  return {
    landing,
    shell: renderToStaticMarkup(<StaticShell />),
    serverFiles: {
      [DASHBOARD_HEADERS_FILE]: JSON.stringify({
        skeleton: renderToStaticMarkup(<PageHeaderSkeleton />),
        nameSlot: MEMBER_NAME_SLOT,
        headers,
      } satisfies DashboardHeaders),
    },
  };
}
