import {
  AppShell,
  LoadingScreen,
  MaintenanceScreen,
  NavigationProvider,
  NotFound,
  Toaster,
  TooltipProvider,
  useCurrentUser,
} from '@app/ui';
import { createRootRoute, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LandingPage } from '../components/landing-page';
import { useMaintenanceStatus } from '../lib/maintenance';
import { isMemberAppHref } from '../lib/navigation';

export const Route = createRootRoute({
  component: Root,
  notFoundComponent: UnknownPath,
});

function Root() {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  // Both calls start together so they travel in one batched request.
  const { user, isLoading } = useCurrentUser();
  const maintenance = useMaintenanceStatus();

  const navigation = useMemo(
    () => ({ pathname, handles: isMemberAppHref, navigate: (href: string) => void router.navigate({ href }) }),
    [pathname, router],
  );

  let page = <Outlet />;
  if (isLoading) page = <LoadingScreen />;
  // Admins keep the site during maintenance so they can check it and switch it back on.
  else if (maintenance.closed && !user?.isAdmin) {
    page = <MaintenanceScreen message={maintenance.message} onRefresh={maintenance.recheck} refreshing={maintenance.rechecking} />;
  }

  return (
    <NavigationProvider value={navigation}>
      <TooltipProvider>
        {page}
        <Toaster />
      </TooltipProvider>
    </NavigationProvider>
  );
}

/** Signed-in visitors get the 404 screen; signed-out visitors get the landing page for any unknown path. */
function UnknownPath() {
  const { user } = useCurrentUser();
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <NotFound />
    </AppShell>
  );
}
