import { LogOut } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useUiText } from '../lib/ui-text';
import { SIGN_OUT_HREF } from './sign-in-href';

/**
 * The way out: a full page load of the server's sign-out route, with its icon. Its text is the place's own
 * ("Sign out" unless told); it takes the props a Button or menu item passes to its child (asChild).
 */
export function SignOutLink({ children, ...props }: Omit<ComponentProps<'a'>, 'href'>) {
  const ui = useUiText();
  return (
    <a href={SIGN_OUT_HREF} {...props}>
      <LogOut aria-hidden="true" />
      {children ?? ui('Sign out')}
    </a>
  );
}
