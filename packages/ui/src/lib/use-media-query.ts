import { useSyncExternalStore } from 'react';

/**
 * Whether the media query matches now, kept current as the window is resized. Where the browser cannot
 * tell (tests without a layout), `fallback` is the answer.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** Tailwind's `lg` breakpoint: from here the layout has its sidebar and room beside the content. */
export const WIDE_LAYOUT = '(min-width: 1024px)';
