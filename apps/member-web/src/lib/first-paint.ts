import { useLayoutEffect } from 'react';

/**
 * The signed-in shell (header, logo, skeletons) that index.html paints before any script runs
 * (docs/architecture.md#what-a-page-loads-first). It stays on screen, #root hidden beside it (styles.css),
 * until the app has a page of its own to show in its place.
 */
export const FIRST_PAINT_ID = 'first-paint';

/** Removes the HTML's first paint once the app's own page is committed, before the browser paints again. */
export function useReplaceFirstPaint(): void {
  useLayoutEffect(() => document.getElementById(FIRST_PAINT_ID)?.remove(), []);
}
