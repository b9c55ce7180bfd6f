import { AppLink, Button, SectionCard } from '@app/ui';
import { ChevronRight, Crown, ListChecks, MessageSquare, ScrollText, Settings2, Users } from 'lucide-react';
import { GcashPayeeWarning } from './gcash-payee-warning';
import { SiteStatusCard } from './site-status-card';

const SHORTCUTS = [
  { href: '/admin/users', label: 'Manage Users', description: 'Account status, balances and VIP', icon: Users },
  { href: '/admin/users?filter=pending', label: 'Pending VIP Approvals', description: 'Upgrades waiting for payment checks', icon: Crown },
  { href: '/admin/logs', label: 'Activity Logs', description: 'Every admin action, with its details', icon: ScrollText },
  { href: '/admin/support', label: 'Support Inbox', description: "Members' questions and your replies", icon: MessageSquare },
  { href: '/admin/tasks', label: 'Task Management', description: 'The websites members view to earn', icon: ListChecks },
  { href: '/admin/maintenance', label: 'Maintenance Controls', description: 'Maintenance mode and website status', icon: Settings2 },
] as const;

/** The admin dashboard's body: site status and the shortcuts into the admin pages. */
export function AdminOverview() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <GcashPayeeWarning
        action={
          <Button asChild variant="outline" size="sm">
            <AppLink href="/admin-portal">
              <Settings2 aria-hidden="true" />
              Open the admin panel
            </AppLink>
          </Button>
        }
      />
      <SiteStatusCard />
      <SectionCard title="Shortcuts" description="Go straight to the admin pages.">
        <ul className="grid gap-1">
          {SHORTCUTS.map(({ href, label, description, icon: Icon }) => (
            <li key={href}>
              <AppLink
                href={href}
                className="flex items-center gap-3 rounded-md p-2 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft">
                  <Icon className="size-4 text-primary" aria-hidden="true" />
                </span>
                <span className="grid min-w-0 flex-1">
                  <span className="text-sm font-medium">{label}</span>
                  <span className="truncate text-xs text-muted-foreground">{description}</span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </AppLink>
            </li>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
