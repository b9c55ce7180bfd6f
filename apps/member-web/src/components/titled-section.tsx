import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id: it names the section, and whatever in it refers to the section. */
  titleId: string;
  title: string;
  /** What goes with the heading (a link onward, a note under it), laid out by `headerClassName`. */
  aside: ReactNode;
  headerClassName: string;
  children: ReactNode;
}

/** A part of a page under its own heading (an h2), outside a card: the dashboard's tasks, the VIP plans. */
export function TitledSection({ titleId, title, aside, headerClassName, children }: TitledSectionProps) {
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className={headerClassName}>
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
