import { cn, Skeleton, StatCard } from '@app/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatItem {
  label: string;
  icon: LucideIcon;
  value: ReactNode;
  detail?: ReactNode;
}

interface StatGridProps {
  label: string;
  /** The cards' labels and icons, known before the figures arrive. */
  cards: readonly Omit<StatItem, 'value' | 'detail'>[];
  /** The figures once read; undefined while loading or after a failure. */
  values: readonly Pick<StatItem, 'value' | 'detail'>[] | undefined;
  isPending: boolean;
  className?: string;
}

/** A row of stat cards: card-sized skeletons while loading, a dash when the figures could not be read. */
export function StatGrid({ label, cards, values, isPending, className }: StatGridProps) {
  return (
    <section aria-label={label} aria-busy={isPending || undefined} className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {cards.map((card, index) =>
        isPending ? (
          <Skeleton key={card.label} className="h-[6.5rem] rounded-xl" />
        ) : (
          <StatCard
            key={card.label}
            label={card.label}
            icon={card.icon}
            value={values?.[index]?.value ?? '—'}
            detail={values?.[index]?.detail}
          />
        ),
      )}
    </section>
  );
}
