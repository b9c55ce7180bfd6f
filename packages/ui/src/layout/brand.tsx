import { Coins } from 'lucide-react';
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
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Coins className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg">{BRAND_NAME}</span>
    </AppLink>
  );
}
