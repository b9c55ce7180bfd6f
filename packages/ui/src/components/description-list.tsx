import type { ReactNode } from 'react';

export interface Description {
  /** Names the value, and keys its pair: unique within a list. */
  term: string;
  value: ReactNode;
}

/** Where a screen's pairs go and how they look: the list's classes, each pair's, its term's and its value's. */
export interface DescriptionListLayout {
  list: string;
  pair: string;
  term: string;
  value: string;
}

/** Terms and their values (a record's details, a card's figures) as a description list, laid out by the screen. */
export function DescriptionList({ items, layout }: { items: readonly Description[]; layout: DescriptionListLayout }) {
  return (
    <dl className={layout.list}>
      {items.map(({ term, value }) => (
        <div key={term} className={layout.pair}>
          <dt className={layout.term}>{term}</dt>
          <dd className={layout.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
