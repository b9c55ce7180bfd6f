import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

interface ProgressProps extends Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> {
  /** Percent done, 0 to 100; values outside are clamped so a bar never overflows its track. */
  value: number;
}

/** A horizontal bar; screen readers get it as a progressbar with its value (name it with aria-label). */
export function Progress({ value, className, ...props }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <ProgressPrimitive.Root
      value={percent}
      max={100}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-primary transition-[width] motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
