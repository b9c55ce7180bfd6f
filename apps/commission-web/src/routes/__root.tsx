import { NotFound, Toaster } from '@app/ui';
import { createRootRoute, Outlet } from '@tanstack/react-router';

export const Route = createRootRoute({
  component: Root,
  notFoundComponent: () => (
    <div className="px-4">
      <NotFound homeHref="/admin/percentage" homeLabel="Go to Commission Dashboard" />
    </div>
  ),
});

function Root() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
