import type { DescriptionListLayout } from '@app/ui';

/** A System card's lines (the site as members see it, the platform's health): the term left, its state right. */
export const SYSTEM_ROWS_LAYOUT: DescriptionListLayout = {
  list: 'divide-y',
  pair: 'flex items-center justify-between gap-4 py-2.5',
  term: 'text-sm text-muted-foreground',
  value: 'text-sm font-medium tabular-nums',
};
