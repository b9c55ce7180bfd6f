import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * Shown while the app learns who is signed in. A spinner rather than a skeleton: until then it is not
 * known whether the page will be the landing page, a dashboard or a gate.
 */
export function LoadingScreen({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle className="size-8 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
