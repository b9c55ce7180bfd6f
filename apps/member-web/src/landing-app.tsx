import { TrpcProvider, trpc, useCurrentUser } from '@app/client';
import { isSiteClosed } from '@app/contracts';
import { NavigationProvider } from '@app/ui';
import { useEffect, useMemo, useState } from 'react';
import { LandingPage } from './components/landing-page';
import { UiTexts } from './components/ui-texts';

/** The address landing.html's markup is rendered for at build time (src/first-paint/render.tsx). */
const PRERENDERED_PATHNAME = '/';

/**
 * The signed-out landing page as landing.html's own small app (docs/architecture.md#what-a-page-loads-first):
 * the landing page and its data, without the router or any code of the members' pages. Every link is a page
 * load. When the visitor turns out to be signed in, or the site is closed for maintenance, it hands the page
 * over to the member app (`onHandOver`), which shows what the full app shows there.
 */
export function LandingApp({ onHandOver }: { onHandOver: () => void }) {
  return (
    <TrpcProvider>
      <PageLoadNavigation>
        <UiTexts>
          <LandingPage />
        </UiTexts>
      </PageLoadNavigation>
      <HandOver onHandOver={onHandOver} />
    </TrpcProvider>
  );
}

/**
 * Links that load pages. The first render uses the prerendered address, so that hydration matches the HTML;
 * the real one (the sign-in link's way back) follows at once.
 */
function PageLoadNavigation({ children }: { children: React.ReactNode }) {
  const [pathname, setPathname] = useState(PRERENDERED_PATHNAME);
  useEffect(() => setPathname(window.location.pathname), []);
  const navigation = useMemo(
    () => ({ pathname, handles: () => false, navigate: (href: string) => window.location.assign(href) }),
    [pathname],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}

function HandOver({ onHandOver }: { onHandOver: () => void }) {
  const { user } = useCurrentUser();
  const status = trpc.maintenance.status.useQuery();
  const needed = user !== null || (status.data !== undefined && isSiteClosed(status.data));
  useEffect(() => {
    if (needed) onHandOver();
  }, [needed, onHandOver]);
  return null;
}
