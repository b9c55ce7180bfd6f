/**
 * Keeps the keyboard in a table when the row it was on leaves (docs/screens.md#admin-console): the row now
 * in its place, else the one above, else the page's search box, else the page's heading. Rows of an
 * AdminTable carry `data-row` and take the focus themselves (tabIndex -1).
 */
export function rowsOf(table: Element | null): HTMLElement[] {
  return table ? [...table.querySelectorAll<HTMLElement>('tbody tr[data-row]')] : [];
}

/** Where a control sits: its table and its row's place in it, for after the row has gone. */
export function placeOf(control: Element | null): { table: Element; index: number } | null {
  const row = control?.closest('tr[data-row]');
  const table = row?.closest('table');
  if (!row || !table) return null;
  return { table, index: rowsOf(table).indexOf(row as HTMLElement) };
}

/** Focuses what stands where `place` was; returns false when there is nothing to focus. */
export function focusNearRow(place: { table: Element; index: number }): boolean {
  const rows = rowsOf(place.table);
  const target =
    rows[Math.min(place.index, rows.length - 1)] ??
    document.querySelector<HTMLElement>('main input[type="search"]') ??
    document.querySelector<HTMLElement>('main h1');
  if (!target) return false;
  if (target.tagName === 'H1') target.tabIndex = -1;
  target.focus();
  return true;
}
