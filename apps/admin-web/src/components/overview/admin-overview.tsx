import { AppLink, Button, SectionCard } from '@app/ui';
import { Settings2 } from 'lucide-react';
import { PasskeyNotice } from '../passkeys/passkey-notice';
import { GcashPayeeWarning } from '../system/gcash-payee-warning';
import { MaintenanceStatusCard } from '../system/maintenance-status-card';
import { MaintenanceSwitch } from '../system/maintenance-switch';
import { useServiceBadges } from '../system/service-badges';

/** The overview's body: a missing passkey or G-CASH payee, the maintenance switch, and the site as members see it. */
export function AdminOverview() {
  const { server } = useServiceBadges();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PasskeyNotice />
      <GcashPayeeWarning
        action={
          <Button asChild variant="outline" size="sm">
            <AppLink href="/admin/maintenance">
              <Settings2 aria-hidden="true" />
              Set the payee in System
            </AppLink>
          </Button>
        }
      />
      <SectionCard
        title="System"
        description="While maintenance is on, members see the maintenance page; admins keep access."
        contentClassName="grid gap-4"
      >
        <MaintenanceSwitch />
        <p className="flex items-center gap-2 text-sm">System status {server}</p>
      </SectionCard>
      <MaintenanceStatusCard />
    </div>
  );
}
