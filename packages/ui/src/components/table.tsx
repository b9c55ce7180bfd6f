import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { useUiText } from '../lib/ui-text';
import { withClasses } from '../lib/with-classes';

/** Whether the element's content is wider than the element, kept current as either is resized. */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer also reports each element once when it is first laid out: measuring then, rather than
    // here, does not force the browser to lay the page out while the first screen is still being built.
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/**
 * Tables scroll sideways inside their own box on narrow screens instead of widening the page. A box that
 * scrolls takes the keyboard focus, so it can be scrolled with the arrow keys; one that fits is no tab stop.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const { ref, overflows } = useOverflowsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      tabIndex={overflows ? 0 : undefined}
      className="@container relative w-full overflow-x-auto rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = /* @__PURE__ */ withClasses('thead', '[&_tr]:border-b');

export const TableBody = /* @__PURE__ */ withClasses('tbody', '[&_tr:last-child]:border-0');

export const TableRow = /* @__PURE__ */ withClasses('tr', 'border-b transition-colors hover:bg-muted/50');

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export const TableCell = /* @__PURE__ */ withClasses('td', 'px-3 py-3 align-middle');

/**
 * One row in place of a table's rows (nothing to list, a failed read), its text as wide as the part of
 * the table in view: a table wider than a phone scrolls sideways, and a text centred on all of it would
 * show only its middle.
 */
export function TableMessageRow({ colSpan, className, ...props }: ComponentProps<'div'> & { colSpan: number }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="p-0">
        <div className={cn('sticky left-0 w-[100cqw] px-3 py-10 text-center whitespace-normal', className)} {...props} />
      </TableCell>
    </TableRow>
  );
}

/** A column's heading, and its classes (where it shows); a hidden heading is for screen readers only (a column of buttons). */
interface ListColumn {
  label: string;
  className?: string;
  hidden?: boolean;
}

const asColumn = (column: string | ListColumn): ListColumn => (typeof column === 'string' ? { label: column } : column);

interface ListTableProps {
  /** Column headings in order: each a heading alone, or with its classes or hidden. */
  columns: readonly (string | ListColumn)[];
  /** The rows (TableRow each); while there are none, one row says `empty`. */
  rows?: readonly ReactNode[];
  /** Why the table has no rows. */
  empty: string;
  /** Names the table for screen readers when no visible heading does. */
  label?: string;
  className?: string;
  /** Classes of the headings' row group: a table that stacks on a phone keeps them for screen readers only there. */
  headerClassName?: string;
}

/** A list as a table: its headings, then its rows or one row saying why it has none. */
export function ListTable({ columns, rows = [], empty, label, className, headerClassName }: ListTableProps) {
  const ui = useUiText();
  return (
    <Table aria-label={label} className={className}>
      <TableHeader className={headerClassName}>
        <TableRow className="hover:bg-transparent">
          {columns.map(asColumn).map(({ label: heading, className: columnClassName, hidden }) => (
            <TableHead key={heading} className={columnClassName}>
              {hidden ? <span className="sr-only">{ui(heading)}</span> : ui(heading)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length > 0 ? (
          rows
        ) : (
          <TableMessageRow colSpan={columns.length} className="text-muted-foreground">
            {empty}
          </TableMessageRow>
        )}
      </TableBody>
    </Table>
  );
}
