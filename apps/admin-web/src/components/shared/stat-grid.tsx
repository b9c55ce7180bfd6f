import { cn, Skeleton, StatCard } from '@app/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One card of a grid: its label and icon, known before the figures arrive, and how it reads its figure from them. */
export interface StatGridCard<Figures> {
  label: string;
  icon: LucideIcon;
  value: (figures: Figures) => ReactNode;
  detail?: (figures: Figures) => ReactNode;
}

interface StatGridProps<Figures> {
  label: string;
  cards: readonly StatGridCard<Figures>[];
  /** The query that reads the figures, as tRPC's useQuery returns it: no data while loading or after a failure. */
  figures: { data?: Figures; isPending: boolean };
  className?: string;
}

/** A row of stat cards: card-sized skeletons while loading, a dash when the figures could not be read. */
export function StatGrid<Figures>({ label, cards, figures, className }: StatGridProps<Figures>) {
  const { data, isPending } = figures;
  return (
    <section aria-label={label} aria-busy={isPending || undefined} className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {cards.map((card) =>
        isPending ? (
          <Skeleton key={card.label} className="h-[6.5rem] rounded-xl" />
        ) : (
          <StatCard
            key={card.label}
            label={card.label}
            icon={card.icon}
            value={data === undefined ? '—' : card.value(data)}
            detail={data === undefined ? undefined : card.detail?.(data)}
          />
        ),
      )}
    </section>
  );
}
