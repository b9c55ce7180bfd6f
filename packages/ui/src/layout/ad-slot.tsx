import { cn } from '../lib/cn';

/**
 * The reserved 728x90 banner space. The third-party ad script is only ever loaded when an ad client
 * is configured (DESIGN.md section 5); until then the slot keeps its place and calls out to nothing.
 */
export function AdSlot({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Advertisement"
      className={cn(
        'mx-auto flex h-[90px] w-full max-w-[728px] items-center justify-center rounded-lg border border-dashed bg-muted/40 text-xs text-muted-foreground',
        className,
      )}
    >
      Advertisement
    </aside>
  );
}
