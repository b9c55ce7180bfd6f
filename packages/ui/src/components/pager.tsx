import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useUiText } from '../lib/ui-text';
import { Button } from './button';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage: (page: number) => void;
}

/**
 * Previous and next for the lists the server pages; nothing when everything fits on one page. A page
 * that no longer exists (its last rows deleted or decided meanwhile) turns to the last one that does,
 * rather than showing an empty list as if there were nothing at all.
 */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  const nav = useRef<HTMLElement>(null);
  const ui = useUiText();
  useEffect(() => {
    if (total !== undefined && page > pages) onPage(pages);
  }, [total, page, pages, onPage]);
  if (pages <= 1) return null;
  /** The pager is below the list: the page turned to opens at the top of the list's card, not at its last rows or the footer. */
  const turnTo = (next: number) => {
    onPage(next);
    nav.current?.closest('[data-slot="card"]')?.scrollIntoView({ block: 'start' });
  };
  return (
    <nav ref={nav} aria-label={ui('Pages')} className="flex items-center justify-end gap-2 border-t px-2 pt-2">
      <span className="text-sm text-muted-foreground">{ui('Page {page} of {pages}', { page, pages })}</span>
      <Button variant="outline" size="sm" onClick={() => turnTo(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        {ui('Previous')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => turnTo(page + 1)} disabled={page >= pages}>
        {ui('Next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
