import { TASK_AUTO_OPEN_MS } from '@app/contracts';
import { useEffect, useState } from 'react';
import { openInNewTab } from '../earning/open-site';

/**
 * Opens the site's tab after TASK_AUTO_OPEN_MS (docs/product-rules.md#constants-and-limits), unless `url` is null (the
 * attempt is over), and tells whether the browser blocked it; the page's Open Website link is the way in then.
 */
export function usePopupBlocked(url: string | null): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (url === null) return;
    const timer = setTimeout(() => setBlocked(openInNewTab(url) === null), TASK_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [url]);
  return blocked;
}
