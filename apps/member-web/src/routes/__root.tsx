import { currentUserQuery, useCurrentUser } from '@app/client';
import { LoadingScreen, lazyExport, NavigationProvider, NotFound, Toaster } from '@app/ui';
import { createRootRouteWithContext, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { Suspense, useMemo } from 'react';
import { LandingPage } from '../components/landing-page';
import { MemberShell } from '../components/member-shell';
import { useReportDeviceTraits } from '../lib/device-traits';
import { useMaintenanceStatus } from '../lib/maintenance';
import { isMemberAppHref } from '../lib/navigation';
import type { RouterContext } from '../router';

const MaintenanceScreen = lazyExport(() => import('../components/maintenance-screen'), 'MaintenanceScreen');

export const Route = createRootRouteWithContext<RouterContext>()({
  // Started here rather than by Root's hooks so they join the page loaders' queries in one request.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(currentUserQuery(context.trpc));
    void context.trpc.maintenance.status.prefetch();
  },
  component: Root,
  notFoundComponent: UnknownPath,
});

function Root() {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { user, isLoading } = useCurrentUser();
  const maintenance = useMaintenanceStatus();
  useReportDeviceTraits(user?.id);

  const navigation = useMemo(
    () => ({ pathname, handles: isMemberAppHref, navigate: (href: string) => void router.navigate({ href }) }),
    [pathname, router],
  );

  let page = <Outlet />;
  if (isLoading) page = <LoadingScreen />;
  // Admins keep the site during maintenance so they can check it and switch it back on.
  else if (maintenance.closed && !user?.isAdmin) {
    page = (
      <Suspense fallback={<LoadingScreen />}>
        <MaintenanceScreen message={maintenance.message} onRefresh={maintenance.recheck} refreshing={maintenance.rechecking} />
      </Suspense>
    );
  }

  return (
    <NavigationProvider value={navigation}>
      {page}
      <Toaster />
    </NavigationProvider>
  );
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
