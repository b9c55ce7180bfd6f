import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from './card';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** A second, smaller figure that qualifies the value (e.g. the pending part of a total). */
  detail?: ReactNode;
}

/**
 * One figure with its label; a named group, so the label is read with the figure. The figure has the
 * card's whole width under the label and icon, and wraps rather than being cut off: a peso amount in a
 * phone's two-column grid is never shown as '₱1,23…'.
 */
export function StatCard({ label, value, icon: Icon, detail }: StatCardProps) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="grid content-start gap-1 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p id={labelId} className="min-w-0 text-sm font-medium text-muted-foreground">
          {label}
        </p>
        <div className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-soft sm:size-10">
          <Icon className="size-4 text-primary sm:size-5" aria-hidden="true" />
        </div>
      </div>
      <p className="text-xl font-bold tabular-nums tracking-tight [overflow-wrap:anywhere] sm:text-2xl">{value}</p>
      {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
    </Card>
  );
}
