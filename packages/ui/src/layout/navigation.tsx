import { type ComponentProps, createContext, type MouseEvent, type ReactNode, useContext } from 'react';
import { signInHref } from './sign-in-href';

/**
 * How the current app moves between pages. The shared layout links to pages of all three apps; the
 * app's own router takes the ones it serves (no page load), the rest are ordinary page loads.
 */
export interface Navigation {
  pathname: string;
  /** Whether this app's router serves the href. */
  handles: (href: string) => boolean;
  navigate: (href: string) => void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** The current path, or null outside a NavigationProvider. */
export function useCurrentPathname(): string | null {
  return useContext(NavigationContext)?.pathname ?? null;
}

/** The sign-in address that comes back to the page on screen. */
export function useSignInHref(): string {
  return signInHref(useCurrentPathname());
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** A real <a href> (so it opens in a new tab, copies, and works without JS) that the router may take over. */
export function AppLink({ href, onClick, target, ...props }: ComponentProps<'a'> & { href: string }) {
  const navigation = useContext(NavigationContext);
  return (
    <a
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || target || !isPlainLeftClick(event) || !navigation?.handles(href)) return;
        event.preventDefault();
        navigation.navigate(href);
      }}
      {...props}
    />
  );
}
