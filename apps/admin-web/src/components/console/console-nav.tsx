import { trpc } from '@app/client';
import { AppLink, cn } from '@app/ui';
import { useLocation } from '@tanstack/react-router';
import { REFRESH, useLiveRefresh } from '../../lib/refresh';
import { CONSOLE_AREAS, isAreaOf } from './areas';

/**
 * The console's one navigation: each admin area once, the current one marked, and beside each queue how
 * much is waiting, read again whenever the live stream says a queue moved (lib/live.ts).
 */
export function ConsoleNav({ className }: { className?: string }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const counts = trpc.admin.queueCounts.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  return (
    <nav aria-label="Admin areas" className={className}>
      <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible">
        {CONSOLE_AREAS.map((area) => {
          const current = isAreaOf(area, pathname);
          const count = area.count && counts.data ? counts.data[area.count.key] : undefined;
          const Icon = area.icon;
          return (
            <li key={area.href} className="shrink-0">
              <AppLink
                href={area.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  // relative: the count's screen-reader words (sr-only, absolute) stay inside the row that scrolls.
                  'relative flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  current ? 'bg-secondary font-semibold text-secondary-foreground' : 'text-muted-foreground',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="whitespace-nowrap">{area.label}</span>
                {/* A space, so that the link's name reads "Payouts 3 pending". */}
                {count !== undefined && ' '}
                {count !== undefined && (
                  <span
                    data-queue-count={area.count?.key}
                    className={cn(
                      'ml-auto rounded-full px-2 py-0.5 text-xs tabular-nums',
                      count > 0 ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                    )}
                  >
                    {count}
                    <span className="sr-only"> {area.count?.meaning}</span>
                  </span>
                )}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
