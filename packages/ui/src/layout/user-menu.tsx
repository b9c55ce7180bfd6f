import type { User } from '@app/contracts';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { UserAvatar } from '../components/avatar';
import { Button, type ButtonProps } from '../components/button';
import { SIGN_IN_HREF } from './links';

/** The menu itself (Radix's dropdown) is not needed for the first paint. */
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The header's account control: the user menu when signed in, a Sign In button otherwise. */
export function UserMenu({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  if (!user) {
    return (
      <Button asChild size="sm">
        <a href={SIGN_IN_HREF}>Sign In</a>
      </Button>
    );
  }
  return (
    // Until the menu's code arrives the same button stands in, and a press on it opens the menu once it has.
    <Suspense fallback={<AccountButton user={user} onClick={() => setOpen(true)} />}>
      <AccountMenu user={user} open={open} onOpenChange={setOpen} trigger={<AccountButton user={user} />} />
    </Suspense>
  );
}

function AccountButton({ user, ...props }: { user: User } & ButtonProps) {
  return (
    <Button variant="ghost" className="h-11 gap-2 px-2" aria-label="Open user menu" {...props}>
      <UserAvatar user={user} />
      <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{fullName(user) || user.email}</span>
      <ChevronDown className="hidden text-muted-foreground sm:block" aria-hidden="true" />
    </Button>
  );
}
