import type { User } from '@app/contracts';
import { cn } from '../lib/cn';
import { useUiText } from '../lib/ui-text';
import { ADMIN_NAV_ITEM, MEMBER_NAV, type NavItem } from './links';
import { AppLink, useCurrentPathname } from './navigation';
import { SignOutLink } from './sign-out-link';

const itemClass =
  'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0';

interface SidebarNavProps {
  user: User | null;
  /** Called after a link is followed, so a drawer holding the menu can close. */
  onNavigate?: () => void;
}

/** The signed-in layout's menu; the same list serves the desktop sidebar and the mobile drawer. */
export function SidebarNav({ user, onNavigate }: SidebarNavProps) {
  const pathname = useCurrentPathname();
  const ui = useUiText();
  const items: readonly NavItem[] = user?.isAdmin ? [...MEMBER_NAV, ADMIN_NAV_ITEM] : MEMBER_NAV;
  return (
    <nav aria-label={ui('Main')} className="grid gap-1 p-3">
      {items.map(({ href, label, icon: Icon }) => {
        const current = pathname === href;
        return (
          <AppLink
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={current ? 'page' : undefined}
            className={cn(itemClass, current && 'bg-brand-soft text-primary hover:bg-brand-soft hover:text-primary')}
          >
            <Icon aria-hidden="true" />
            {ui(label)}
          </AppLink>
        );
      })}
      {user && <SignOutLink className={cn(itemClass, 'mt-2 border-t pt-3')}>{ui('Logout')}</SignOutLink>}
    </nav>
  );
}
