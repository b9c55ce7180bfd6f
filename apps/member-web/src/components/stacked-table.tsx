import { cn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, useUiText } from '@app/ui';
import type { ReactNode } from 'react';
import { stackedTable } from '../lib/stacked-table';

type StackedTableProps<T, Column extends string> = {
  /** The columns in order, each with its cells' classes (where a cell goes when the table stacks on a phone). */
  columns: Readonly<Record<Column, string>>;
  /** The columns' headings in the member's language, where they differ from the columns' names. */
  headings?: Readonly<Record<Column, ReactNode>> | undefined;
  /** Classes of some columns' headers. */
  headClassName?: Partial<Record<Column, string>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** One row's cell contents, by column. */
  cells: (row: T) => Record<Column, ReactNode>;
  /** Classes one row adds to some of its cells (an amount coloured by its sign). */
  rowCellClassName?: (row: T) => Partial<Record<Column, string>>;
  /** Whether a row is the member's own (their plan): said to screen readers and highlighted, not by colour only. */
  isCurrent?: (row: T) => boolean;
} & ({ 'aria-label': string } | { 'aria-labelledby': string });

/** A member's list as a table whose rows stack on a phone (lib/stacked-table.ts), one cell a column. */
export function StackedTable<T, Column extends string>({
  columns,
  headings,
  headClassName = {},
  rows,
  rowKey,
  cells,
  rowCellClassName,
  isCurrent,
  ...name
}: StackedTableProps<T, Column>) {
  const ui = useUiText();
  const names = Object.keys(columns) as Column[];
  return (
    <Table role="table" {...name} className={stackedTable.table}>
      <TableHeader role="rowgroup" className={stackedTable.header}>
        <TableRow role="row" className="hover:bg-transparent">
          {names.map((column) => (
            <TableHead key={column} role="columnheader" className={headClassName[column]}>
              {headings?.[column] ?? ui(column)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody role="rowgroup" className={stackedTable.body}>
        {rows.map((row) => {
          const contents = cells(row);
          const extra: Partial<Record<Column, string>> = rowCellClassName?.(row) ?? {};
          const current = isCurrent?.(row) ?? false;
          return (
            <TableRow
              key={rowKey(row)}
              role="row"
              aria-current={current ? 'true' : undefined}
              className={cn(stackedTable.row, current && 'bg-brand-soft')}
            >
              {names.map((column) => (
                <TableCell key={column} role="cell" className={extra[column] ? cn(columns[column], extra[column]) : columns[column]}>
                  {contents[column]}
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
