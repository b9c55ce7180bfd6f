import type { User } from '@app/contracts';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { UserAvatar } from '../components/avatar';
import { Button } from '../components/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/dropdown-menu';
import { SIGN_IN_HREF, SIGN_OUT_HREF } from './links';
import { AppLink } from './navigation';

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The header's account control: the user menu when signed in, a Sign In button otherwise. */
export function UserMenu({ user }: { user: User | null }) {
  if (!user) {
    return (
      <Button asChild size="sm">
        <a href={SIGN_IN_HREF}>Sign In</a>
      </Button>
    );
  }
  const name = fullName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-11 gap-2 px-2" aria-label="Open user menu">
          <UserAvatar user={user} />
          <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{name || user.email}</span>
          <ChevronDown className="hidden text-muted-foreground sm:block" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          {name && <span className="truncate font-medium">{name}</span>}
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <AppLink href="/profile">
            <UserRound aria-hidden="true" />
            Your Profile
          </AppLink>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={SIGN_OUT_HREF}>
            <LogOut aria-hidden="true" />
            Sign out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
