import { AdSlot, useCurrentUser } from '@app/client';
import { messages } from '@app/contracts';
import { AppShell } from '@app/ui';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminGate } from '../../components/admin-gate';

/** The admin pages other than the panel: the member layout around the same gate. */
export const Route = createFileRoute('/admin/_pages')({
  component: AdminPagesLayout,
});

function AdminPagesLayout() {
  const { user } = useCurrentUser();
  return (
    <AppShell user={user} ad={<AdSlot />}>
      <AdminGate deniedMessage={messages.auth.accessDeniedPage}>
        <Outlet />
      </AdminGate>
    </AppShell>
  );
}
