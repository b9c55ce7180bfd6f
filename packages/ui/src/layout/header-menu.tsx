import type { ReactNode } from 'react';
import type { DeferredControlState } from '../components/deferred-control';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/dropdown-menu';

interface HeaderMenuProps extends DeferredControlState {
  /** The menu's first row: whose account it is, or the menu's name. */
  heading: ReactNode;
  headingClassName: string;
  contentClassName: string;
  /** Keeps a wide menu that far inside a phone's screen. */
  collisionPadding?: number;
  separatorClassName?: string;
  /** The menu's items. */
  children: ReactNode;
}

/**
 * A menu of the header, opened from its trigger (loaded after the first paint, DeferredControl): its
 * heading row, a separator, then its items, aligned to the trigger's end (the account menu, the
 * notifications).
 */
export function HeaderMenu({
  open,
  onOpenChange,
  trigger,
  heading,
  headingClassName,
  contentClassName,
  collisionPadding,
  separatorClassName,
  children,
}: HeaderMenuProps) {
  return (
    // Not modal: a modal menu hides the page behind it with aria-hidden while its links stay focusable, which
    // screen readers and axe (aria-hidden-focus) report; the menu still closes on Escape and outside clicks.
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={collisionPadding} className={contentClassName}>
        <DropdownMenuLabel className={headingClassName}>{heading}</DropdownMenuLabel>
        <DropdownMenuSeparator className={separatorClassName} />
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
