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

/**
 * Tailwind's `2xl` breakpoint: from here the sidebar (16rem) and the content at its widest (72rem, the
 * shell's max-w-6xl, with its 1.5rem padding) leave 5.5rem beside the content, room for a floating button
 * (4.5rem from the edge) that then never covers any of it, at any scroll position.
 */
export const ROOM_BESIDE_CONTENT = '(min-width: 1536px)';
