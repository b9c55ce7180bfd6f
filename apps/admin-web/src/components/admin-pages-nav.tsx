import { AppLink, Button } from '@app/ui';
import { useRouterState } from '@tanstack/react-router';
import { Bell, LayoutDashboard, ListChecks, Megaphone, MessageSquare, ScrollText, Settings2, Users } from 'lucide-react';

/** The admin pages besides the panel's tabs, in the order the panel lists them. */
const ADMIN_PAGES = [
  { href: '/admin/users', label: 'User Management', icon: Users },
  { href: '/admin/support', label: 'Support Inbox', icon: MessageSquare },
  { href: '/admin/tasks', label: 'Tasks', icon: ListChecks },
  { href: '/admin/logs', label: 'Activity Logs', icon: ScrollText },
  { href: '/admin/maintenance', label: 'Maintenance', icon: Settings2 },
  { href: '/admin/notifications', label: 'Notifications', icon: Bell },
  { href: '/admin/popups', label: 'Popups', icon: Megaphone },
] as const;

const PORTAL = { href: '/admin-portal', label: 'Admin Portal', icon: LayoutDashboard } as const;

/**
 * Links between the admin pages: in the panel, to the pages its tabs do not cover; on an admin page,
 * back to the panel and across to the others, the page shown marked as the current one.
 */
export function AdminPagesNav({ withPortal = false }: { withPortal?: boolean }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const pages = withPortal ? [PORTAL, ...ADMIN_PAGES] : ADMIN_PAGES;
  return (
    <nav aria-label={withPortal ? 'Admin pages' : 'More admin pages'} className="flex flex-wrap gap-2">
      {pages.map(({ href, label, icon: Icon }) => {
        const current = pathname === href;
        return (
          <Button key={href} asChild variant={current ? 'secondary' : 'outline'} size="sm">
            <AppLink href={href} aria-current={current ? 'page' : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </AppLink>
          </Button>
        );
      })}
    </nav>
  );
}
