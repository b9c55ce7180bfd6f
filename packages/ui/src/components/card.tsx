import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { withClasses } from '../lib/with-classes';

/**
 * A card. Brought into view (a paged list's, when its page turns) it stops below the sticky header
 * rather than under it.
 */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="card" className={cn('scroll-mt-20 rounded-xl border bg-card text-card-foreground shadow-sm', className)} {...props} />
  );
}

export const CardHeader = /* @__PURE__ */ withClasses('div', 'flex flex-col gap-1.5 p-5 sm:p-6');

/** An <h2>: cards sit directly under the page's <h1>. */
export const CardTitle = /* @__PURE__ */ withClasses('h2', 'text-lg font-semibold leading-tight tracking-tight');

export const CardDescription = /* @__PURE__ */ withClasses('p', 'text-sm text-muted-foreground');

export const CardContent = /* @__PURE__ */ withClasses('div', 'p-5 pt-0 sm:p-6 sm:pt-0');
