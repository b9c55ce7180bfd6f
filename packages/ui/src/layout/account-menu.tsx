import type { User } from '@app/contracts';
import { UserRound } from 'lucide-react';
import type { DeferredControlState } from '../components/deferred-control';
import { DropdownMenuItem } from '../components/dropdown-menu';
import { useUiText } from '../lib/ui-text';
import { fullName } from './full-name';
import { HeaderMenu } from './header-menu';
import { AppLink } from './navigation';
import { SignOutLink } from './sign-out-link';

interface AccountMenuProps extends DeferredControlState {
  user: User;
}

/** The signed-in user's menu: who is signed in, their profile, sign-out. UserMenu loads it after the first paint. */
export function AccountMenu({ user, ...menu }: AccountMenuProps) {
  const name = fullName(user);
  const ui = useUiText();
  return (
    <HeaderMenu
      {...menu}
      contentClassName="w-60"
      headingClassName="grid gap-0.5"
      heading={
        <>
          {name && <span className="truncate font-medium">{name}</span>}
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </>
      }
    >
      <DropdownMenuItem asChild>
        <AppLink href="/profile">
          <UserRound aria-hidden="true" />
          {ui('Your Profile')}
        </AppLink>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <SignOutLink />
      </DropdownMenuItem>
    </HeaderMenu>
  );
}
