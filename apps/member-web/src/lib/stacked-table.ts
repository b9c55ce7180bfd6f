/**
 * Classes for a table whose rows stack into a small three-column grid below the sm breakpoint, so the
 * figures that matter stay on screen at 360 px instead of scrolling sideways (the transaction table does
 * the same). The header stays for screen readers only; pass explicit roles (table, rowgroup, row, cell,
 * columnheader), since some browsers stop treating a table as one once its display changes.
 */
export const stackedTable = {
  table: 'max-sm:block',
  header: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:px-3 max-sm:py-3',
  /** A secondary figure on a stacked row (a date, a method). */
  muted: 'max-sm:p-0 max-sm:text-xs max-sm:text-muted-foreground',
} as const;

/**
 * A secondary figure's cell: `muted` and where the cell sits on a stacked row. Joined as they are (none of
 * the placement's utilities overrides one of `muted`) rather than by cn: the columns are written as the page's
 * scripts are evaluated, and cn's first call builds tailwind-merge's tables, 12 to 15 ms of that one task.
 */
export const mutedCell = (placement: string) => `${placement} ${stackedTable.muted}`;
