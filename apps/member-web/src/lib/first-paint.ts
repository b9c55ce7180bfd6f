import { useLayoutEffect } from 'react';

/**
 * The signed-in shell (header, logo, skeletons) that index.html paints before any script runs
 * (docs/architecture.md#what-a-page-loads-first). It stays on screen, #root hidden beside it (styles.css),
 * until the app has a page of its own to show in its place.
 */
export const FIRST_PAINT_ID = 'first-paint';

/**
 * Hides the HTML's first paint once the app's own page is committed, before the browser paints again, and
 * removes it in a task of its own. Removed at once, its few hundred nodes, still laid out, were taken out of
 * the layout one by one inside the commit's task; hidden, they have no layout left to undo.
 */
export function useReplaceFirstPaint(): void {
  useLayoutEffect(() => {
    const firstPaint = document.getElementById(FIRST_PAINT_ID);
    if (!firstPaint) return;
    firstPaint.hidden = true;
    setTimeout(() => firstPaint.remove());
  }, []);
}
