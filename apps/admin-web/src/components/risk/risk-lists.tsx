import { LINK_KINDS, type LinkKind, linkText } from '@app/contracts';
import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from '../shared/paged-table';

// What the fraud review's two pages share: how accounts are linked, and a titled section around a paged table.

/** What ties two accounts, strongest first: a device, a payout destination, rare browser traits, an address. */
export function linksText(links: readonly { kind: LinkKind; value: string }[]): string {
  return [...links]
    .sort((a, b) => LINK_KINDS.indexOf(a.kind) - LINK_KINDS.indexOf(b.kind))
    .map(linkText)
    .join(' · ');
}

interface PagedSectionProps<Row> extends Omit<PagedTableProps<Row>, 'label'> {
  /** The heading's id, which labels the section. */
  id: string;
  /** The heading, which also names the table. */
  title: string;
  /** What the section shows besides its table (a dialog). */
  children?: ReactNode;
}

/** One of the tab's two lists: a titled section around a paged admin table. */
export function PagedSection<Row>({ id, title, children, ...table }: PagedSectionProps<Row>) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <PagedTable {...table} label={title} />
      {children}
    </section>
  );
}
