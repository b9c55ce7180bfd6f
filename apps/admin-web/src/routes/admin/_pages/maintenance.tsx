import { PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { MaintenanceControls } from '../../../components/maintenance-controls';
import { SiteStatusCard } from '../../../components/site-status-card';

export const Route = createFileRoute('/admin/_pages/maintenance')({
  component: MaintenancePage,
});

function MaintenancePage() {
  return (
    <>
      <PageHeader
        title="Maintenance Controls"
        description="While maintenance is on or the website is off, members see the maintenance page; admins keep access."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <MaintenanceControls />
        <SiteStatusCard />
      </div>
    </>
  );
}
