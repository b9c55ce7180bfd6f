import { currentUserQuery, useCurrentUser } from '@app/client';
import { LoadingScreen, lazyExport, NavigationProvider, NotFound, Toaster } from '@app/ui';
import { createRootRouteWithContext, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { Suspense, useMemo } from 'react';
import { useFollowMemberLanguage } from '../components/language-switch';
import { LandingPage, MemberShell } from '../components/layouts';
import { UiTexts } from '../components/ui-texts';
import { useReportDeviceTraits } from '../lib/device-traits';
import { useReplaceFirstPaint } from '../lib/first-paint';
import { MaintenancePolling, MaintenanceScreen, useMaintenanceStatus } from '../lib/maintenance';
import { isMemberAppHref } from '../lib/navigation';
import type { RouterContext } from '../router';

const OfflineScreen = lazyExport(() => import('../components/offline-screen'), 'OfflineScreen');

export const Route = createRootRouteWithContext<RouterContext>()({
  // Started here rather than by Root's hooks so they join the page loaders' queries in one request.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(currentUserQuery(context.trpc));
    void context.trpc.maintenance.status.prefetch();
    // The ad slot's settings, which every layout reads.
    void context.trpc.site.config.prefetch();
  },
  component: Root,
  notFoundComponent: UnknownPath,
});

function Root() {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { user, isLoading, isOffline } = useCurrentUser();
  const maintenance = useMaintenanceStatus();
  useReportDeviceTraits(user?.id);
  // Here, above what a language change makes again (UiTexts), so that it follows the account's changes only.
  useFollowMemberLanguage(user);

  const navigation = useMemo(
    () => ({ pathname, handles: isMemberAppHref, navigate: (href: string) => void router.navigate({ href }) }),
    [pathname, router],
  );

  let page = <Outlet />;
  // Opened without a connection (the service worker's app shell): not the landing page a signed-out visitor gets.
  if (isOffline) page = <OfflineScreen />;
  // Admins keep the site during maintenance so they can check it and switch it back on.
  else if (maintenance.closed && !user?.isAdmin) {
    page = <MaintenanceScreen message={maintenance.message} onRefresh={maintenance.recheck} refreshing={maintenance.rechecking} />;
  }

  return (
    <NavigationProvider value={navigation}>
      <UiTexts>
        {isLoading ? (
          <LoadingScreen />
        ) : (
          // A page whose code is still loading suspends up to here: the HTML's first paint stays until it is ready.
          <Suspense fallback={<LoadingScreen />}>
            {page}
            <FirstPaintReplaced />
          </Suspense>
        )}
        <Toaster />
        <MaintenancePolling />
      </UiTexts>
    </NavigationProvider>
  );
}

/** Committed with the page it stands beside, never with a loading screen. */
function FirstPaintReplaced() {
  useReplaceFirstPaint();
  return null;
}

/** Signed-in visitors get the 404 screen; signed-out visitors get the landing page for any unknown path. */
function UnknownPath() {
  const { user } = useCurrentUser();
  if (!user) return <LandingPage />;
  return (
    <MemberShell user={user}>
      <NotFound />
    </MemberShell>
  );
}
