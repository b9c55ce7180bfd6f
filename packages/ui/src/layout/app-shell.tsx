import type { User } from '@app/contracts';
import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/button';
import { DeferredControl } from '../components/deferred-control';
import { lazyExport } from '../lib/lazy-export';
import { useUiText } from '../lib/ui-text';
import { useMediaQuery } from '../lib/use-media-query';
import { BrandLink } from './brand';
import { SidebarNav } from './sidebar-nav';
import { SiteFooter } from './site-footer';
import { UserMenu } from './user-menu';

/** The drawer (Radix's dialog) is not needed for the first paint, and on a wide screen not at all. */
const MobileNav = lazyExport(() => import('./mobile-nav'), 'MobileNav');

/** Tailwind's `lg` breakpoint, from which ShellFrame shows the sidebar's column. */
const SIDEBAR_SHOWN = '(min-width: 1024px)';

interface AppShellProps {
  user: User | null;
  /** App-specific controls shown in the header before the account menu (the member site's notifications). */
  headerActions?: ReactNode;
  /** The ad banner (AdSlot of @app/client, which reads the site's ad settings), shown above the page and in the footer. */
  ad: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in layout of docs/screens.md#member-screens: header with the account menu, sidebar (a drawer
 * behind the menu button below the lg breakpoint), ad banner at the top of the main area, footer.
 */
export function AppShell({ user, headerActions, ad, children }: AppShellProps) {
  const ui = useUiText();
  // Below lg the column is hidden: a phone starting the page does not render the links it would hide.
  const sidebarShown = useMediaQuery(SIDEBAR_SHOWN);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-card px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {ui('Skip to content')}
      </a>
      <ShellFrame
        menuButton={
          <DeferredControl
            preload={MobileNav.preload}
            button={
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label={ui('Open menu')}>
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            }
          >
            {(drawer) => <MobileNav user={user} {...drawer} />}
          </DeferredControl>
        }
        headerEnd={
          <>
            {headerActions}
            <UserMenu user={user} />
          </>
        }
        sidebar={
          sidebarShown && (
            <div className="sticky top-16">
              <SidebarNav user={user} />
            </div>
          )
        }
      >
        <div className="flex min-w-0 flex-1 flex-col">
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto grid w-full max-w-6xl flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-6 outline-none sm:px-6 sm:py-8"
          >
            {ad}
            {children}
          </main>
          <SiteFooter ad={ad} />
        </div>
      </ShellFrame>
    </div>
  );
}

interface ShellFrameProps {
  /** Opens the navigation below the lg breakpoint, before the logo. */
  menuButton: ReactNode;
  /** The header's controls after the logo, at its end. */
  headerEnd: ReactNode;
  /** The column beside the page from the lg breakpoint. */
  sidebar: ReactNode;
  /** The page beside the sidebar. */
  children: ReactNode;
}

/**
 * The signed-in layout's frame: its sticky header and the sidebar's column beside the page. One frame for the
 * layout and for the member site's first paint (apps/member-web/src/first-paint), so the page does not shift
 * when the one replaces the other.
 */
export function ShellFrame({ menuButton, headerEnd, sidebar, children }: ShellFrameProps) {
  return (
    <>
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
          {menuButton}
          <BrandLink />
          <div className="ml-auto flex items-center gap-1">{headerEnd}</div>
        </div>
      </header>
      <div className="flex flex-1">
        <div className="hidden w-64 shrink-0 border-r bg-card lg:block">{sidebar}</div>
        {children}
      </div>
    </>
  );
}
