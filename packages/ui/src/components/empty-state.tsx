import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { IconBadge } from './icon-badge';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** A next step, such as a link to where the missing things come from. */
  action?: ReactNode;
  className?: string;
}

/** Says plainly that there is nothing here yet, and why or what to do. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center',
        className,
      )}
    >
      <IconBadge icon={Icon} className="size-12 rounded-full bg-muted" iconClassName="size-6 text-muted-foreground" />
      <div className="grid max-w-sm gap-1">
        <p className="font-semibold">{title}</p>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {action}
    </div>
  );
}
