import { type ComponentProps, createElement, type ElementType } from 'react';
import { cn } from './cn';

/**
 * A part that is `type` (a tag or a component) with `classes` (joined) always applied and the caller's
 * className after them, so a screen can add to or override one: the card's, table's, dialog's, sheet's,
 * tabs' and menu's parts. Each call is marked pure where it is made, so a bundle drops the parts it never
 * renders.
 */
export function withClasses<T extends ElementType>(type: T, ...classes: string[]) {
  const base = classes.join(' ');
  return function StyledPart({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return createElement(type as ElementType, { ...props, className: cn(base, className) });
  };
}
