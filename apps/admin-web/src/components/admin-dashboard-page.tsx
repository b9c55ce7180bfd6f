import { PageHeader } from '@app/ui';
import { AdminOverview } from './admin-overview';

/** /admin and /admin/dashboard: the same screen at two addresses. */
export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Admin Dashboard" description="The state of the site and the way into each admin page." />
      <AdminOverview />
    </>
  );
}
