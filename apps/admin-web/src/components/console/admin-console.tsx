import { errorMessage, trpc, useCurrentUser } from '@app/client';
import { ADMIN_PANEL_VERSION, messages } from '@app/contracts';
import { Badge, BrandLink, Button, LoadingScreen, SignOutLink, toast } from '@app/ui';
import { Outlet, useLocation } from '@tanstack/react-router';
import { LockKeyhole, LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { useAnnouncement } from '../../lib/announce';
import { AdminGate } from '../access/admin-gate';
import { ConsoleNav } from './console-nav';
import { ShortcutsHelp } from './shortcuts';

/** Says, politely, what an action changed on the page (lib/announce.ts). */
function LiveRegion() {
  const { text, at } = useAnnouncement();
  return (
    <p role="status" aria-live="polite" aria-label="Console announcements" className="sr-only">
      {/* Keyed by the count, so the same sentence twice is read twice. */}
      <span key={at}>{text}</span>
    </p>
  );
}

/** Who is signed in, and the two ways out: lock the panel (the password again) or sign out. */
function ConsoleHeader() {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const lock = trpc.admin.lock.useMutation({
    onSuccess: async () => {
      await utils.auth.user.invalidate();
      toast({ title: messages.auth.loggedOut, description: 'The admin panel is locked again.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, messages.common.internal) }),
  });
  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="flex flex-wrap items-center gap-2 px-4 py-2">
        <BrandLink />
        <Badge>Admin</Badge>
        <span className="hidden text-xs text-muted-foreground sm:inline">v{ADMIN_PANEL_VERSION}</span>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <span className="hidden truncate text-sm text-muted-foreground md:inline" data-testid="signed-in-as">
            Signed in as <span className="font-medium text-foreground">{user?.email}</span>
          </span>
          <ShortcutsHelp />
          <Button variant="outline" size="sm" onClick={() => lock.mutate()} disabled={lock.isPending}>
            <LockKeyhole aria-hidden="true" />
            Lock panel
          </Button>
          <Button asChild variant="outline" size="sm">
            <SignOutLink>
              <LogOut aria-hidden="true" />
              Sign out
            </SignOutLink>
          </Button>
        </div>
      </div>
    </header>
  );
}

/**
 * The one admin console (docs/screens.md#admin-console): its header, its navigation (a column from 1024 px,
 * a row that scrolls sideways below), and the open area. No member sidebar or footer.
 */
function AdminConsole() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-card focus:p-2">
        Skip to content
      </a>
      <ConsoleHeader />
      <div className="flex flex-1 flex-col lg:flex-row">
        <ConsoleNav className="border-b px-2 py-2 lg:sticky lg:top-[49px] lg:h-[calc(100dvh-49px)] lg:w-48 lg:shrink-0 lg:overflow-y-auto lg:border-r lg:border-b-0" />
        <main id="main" className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-4 px-4 py-4 xl:px-6">
          <Suspense fallback={<LoadingScreen className="min-h-48" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <LiveRegion />
    </div>
  );
}

/** The console behind its gate: the portal's addresses word a member's refusal as the panel, the others as a page. */
export function GatedConsole() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const portal = pathname === '/admin-portal' || pathname.startsWith('/admin/panel');
  return (
    <AdminGate deniedMessage={portal ? messages.auth.accessDeniedPortal : messages.auth.accessDeniedPage}>
      <AdminConsole />
    </AdminGate>
  );
}
