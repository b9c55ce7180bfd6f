import type { User } from '@app/contracts';
import { ChevronDown } from 'lucide-react';
import { UserAvatar } from '../components/avatar';
import { Button } from '../components/button';
import { DeferredControl } from '../components/deferred-control';
import { lazyExport } from '../lib/lazy-export';
import { useUiText } from '../lib/ui-text';
import { fullName } from './full-name';
import { useSignInHref } from './navigation';

/** The menu itself (Radix's dropdown) is not needed for the first paint. */
const AccountMenu = lazyExport(() => import('./account-menu'), 'AccountMenu');

/** The header's account control: the user menu when signed in, a Sign In button otherwise. */
export function UserMenu({ user }: { user: User | null }) {
  const ui = useUiText();
  if (!user) return <SignInButton />;
  return (
    <DeferredControl
      preload={AccountMenu.preload}
      button={
        <Button variant="ghost" className="h-11 gap-2 px-2">
          {/* The name on screen is part of the button's name, as speech users say what they see. */}
          <span className="sr-only">{ui('Open user menu')}</span>
          <span aria-hidden="true">
            <UserAvatar user={user} />
          </span>
          <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{fullName(user) || user.email}</span>
          <ChevronDown className="hidden text-muted-foreground sm:block" aria-hidden="true" />
        </Button>
      }
    >
      {(menu) => <AccountMenu user={user} {...menu} />}
    </DeferredControl>
  );
}

/** Signs in and comes back to the page on screen. */
function SignInButton() {
  const ui = useUiText();
  return (
    <Button asChild size="sm">
      <a href={useSignInHref()}>{ui('Sign In')}</a>
    </Button>
  );
}
