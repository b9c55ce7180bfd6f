import { Coins } from 'lucide-react';
import { IconBadge } from '../components/icon-badge';
import { cn } from '../lib/cn';
import { BRAND_NAME } from './links';
import { AppLink } from './navigation';

/** The product mark; links home. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <AppLink
      href="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <IconBadge icon={Coins} className="size-8 rounded-lg bg-primary text-primary-foreground" iconClassName="size-5" />
      <span className="text-lg">{BRAND_NAME}</span>
    </AppLink>
  );
}
