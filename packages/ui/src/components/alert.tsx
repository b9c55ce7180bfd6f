import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { withClasses } from '../lib/with-classes';

const alertVariants = cva(
  'relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-lg border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>:not(svg)]:col-start-2',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        warning: 'border-warning/30 bg-warning-soft text-warning [&_p]:text-foreground/80',
        destructive: 'border-destructive/40 bg-card text-destructive',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** A message banner; pass role="alert" only for urgent messages, the default is a polite status. */
export function Alert({ className, variant, role = 'status', ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div role={role} className={cn(alertVariants({ variant }), className)} {...props} />;
}

export const AlertTitle = /* @__PURE__ */ withClasses('div', 'font-semibold leading-tight');

export const AlertDescription = /* @__PURE__ */ withClasses('p', 'leading-relaxed');
