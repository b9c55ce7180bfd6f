import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

interface IconBadgeProps {
  icon: LucideIcon;
  /** The shape's size, corners and colour. */
  className: string;
  /** The icon's size and colour. */
  iconClassName: string;
}

/** An icon centred in a coloured shape: the brand's mark, an empty state's, a gate's or a standalone page's. */
export function IconBadge({ icon: Icon, className, iconClassName }: IconBadgeProps) {
  return (
    <span className={cn('flex items-center justify-center', className)}>
      <Icon className={iconClassName} aria-hidden="true" />
    </span>
  );
}
