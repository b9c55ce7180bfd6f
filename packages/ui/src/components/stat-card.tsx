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

/** One figure with its label; a named group, so the label is read with the figure. */
export function StatCard({ label, value, icon: Icon, detail }: StatCardProps) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p id={labelId} className="text-sm font-medium text-muted-foreground">
            {label}
          </p>
          <p className="truncate text-2xl font-bold tabular-nums tracking-tight">{value}</p>
          {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
        </div>
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft">
          <Icon className="size-5 text-primary" aria-hidden="true" />
        </div>
      </div>
    </Card>
  );
}
