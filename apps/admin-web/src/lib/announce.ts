import { useSyncExternalStore } from 'react';

/**
 * The console's one live region (docs/screens.md#admin-console): what a screen reader says after an action
 * that changed the page, a decided row leaving its queue above all. A store outside React, so that the
 * decision helpers (lib/feedback.ts), which are no components, can speak too.
 */
let announcement = { text: '', at: 0 };
const listeners = new Set<() => void>();

/** Says `text` in the live region; the same text twice is said twice (a second row decided alike). */
export function announce(text: string) {
  announcement = { text, at: announcement.at + 1 };
  for (const listener of listeners) listener();
}

/** The latest announcement, for the live region. */
export function useAnnouncement() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => announcement,
  );
}
