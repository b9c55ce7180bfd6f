import { messages } from '@app/contracts';
import { AdminGate } from './admin-gate';
import { AdminPanel } from './admin-panel';

/** /admin-portal and /admin/panel: the panel behind its own, full-screen gate. */
export function AdminPortalPage() {
  return (
    <AdminGate standalone deniedMessage={messages.auth.accessDeniedPortal}>
      <AdminPanel />
    </AdminGate>
  );
}
