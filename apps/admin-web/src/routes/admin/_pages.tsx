import { AdSlot, useCurrentUser } from '@app/client';
import { messages } from '@app/contracts';
import { AppShell } from '@app/ui';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';
import { AdminPagesNav } from '../../components/admin-pages-nav';

/** The admin pages other than the panel: the member layout around the same gate, with the links between the admin pages. */
export const Route = createFileRoute('/admin/_pages')({
  component: AdminPagesLayout,
});

function AdminPagesLayout() {
  const { user } = useCurrentUser();
  return (
    <AppShell user={user} ad={<AdSlot />}>
      <AdminGate deniedMessage={messages.auth.accessDeniedPage}>
        <AdminPagesNav withPortal />
        <Outlet />
      </AdminGate>
    </AppShell>
  );
}
