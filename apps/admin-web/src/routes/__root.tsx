import { currentUserQuery, useCurrentUser } from '@app/client';
import { staffMessages } from '@app/contracts';
import { LoadingScreen, NavigationProvider, NotFound, Toaster } from '@app/ui';
import { createRootRouteWithContext, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { isAdminAppHref } from '../lib/navigation';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Started here rather than by Root's hook so it joins the page loaders' queries in one request.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(currentUserQuery(context.trpc));
  },
  component: Root,
  notFoundComponent: UnknownPath,
});

function Root() {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { isLoading } = useCurrentUser();

  const navigation = useMemo(
    () => ({ pathname, handles: isAdminAppHref, navigate: (href: string) => void router.navigate({ href }) }),
    [pathname, router],
  );

  return (
    <NavigationProvider value={navigation}>
      {isLoading ? <LoadingScreen label={staffMessages.admin.screens.verifyingAccess} /> : <Outlet />}
      <Toaster />
    </NavigationProvider>
  );
}

/** An address no admin area has: the way back to the overview, without the member app's layout. */
function UnknownPath() {
  return (
    <main id="main" className="grid min-h-dvh place-items-center p-4">
      <NotFound homeHref="/admin-portal" homeLabel="Go to Admin Overview" />
    </main>
  );
}
