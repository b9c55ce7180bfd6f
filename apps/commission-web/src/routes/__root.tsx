import { Toaster } from '@app/ui';
import { createRootRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';

export const Route = createRootRoute({
  component: Root,
  // The root route is never split by the router plugin: the 404 screen loads only when a path is unknown.
  notFoundComponent: lazyRouteComponent(() => import('../components/unknown-path'), 'UnknownPath'),
});

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
