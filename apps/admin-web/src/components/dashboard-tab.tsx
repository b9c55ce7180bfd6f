import { Button, DeferredControl, lazyExport, SectionCard } from '@app/ui';
import { Megaphone, Settings2, Users } from 'lucide-react';
import { GcashPayeeWarning } from './gcash-payee-warning';
import { MaintenanceSwitch } from './maintenance-switch';
import { useServiceBadges } from './service-badges';

/** Radix's dialog and the notification form (react-hook-form, zod) are not needed to show the tab. */
const GlobalNotificationDialog = lazyExport(() => import('./global-notification-dialog'), 'GlobalNotificationDialog');

/**
 * The Dashboard tab, the one the panel opens on: maintenance, system status and quick actions; the last
 * two open their tabs.
 */
export function DashboardTab({ onOpenTab }: { onOpenTab: (tab: 'users' | 'system') => void }) {
  const { server } = useServiceBadges();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <GcashPayeeWarning
        action={
          <Button variant="outline" size="sm" onClick={() => onOpenTab('system')}>
            <Settings2 aria-hidden="true" />
            Open the System tab
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
      <SectionCard title="Quick actions" contentClassName="flex flex-wrap gap-2">
        <DeferredControl
          button={
            <Button>
              <Megaphone aria-hidden="true" />
              Send Global Notification
            </Button>
          }
        >
          {(dialog) => <GlobalNotificationDialog {...dialog} />}
        </DeferredControl>
        <Button variant="outline" onClick={() => onOpenTab('users')}>
          <Users aria-hidden="true" />
          View All Users
        </Button>
        <Button variant="outline" onClick={() => onOpenTab('system')}>
          <Settings2 aria-hidden="true" />
          System Settings
        </Button>
      </SectionCard>
    </div>
  );
}
