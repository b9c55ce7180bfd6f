import { trpc } from '@app/client';
import { lazyExport } from '@app/ui';
import { Suspense, useEffect, useState } from 'react';

/** Most pages have no popup to show: the dialog (Radix's) loads only when one is due. */
const PopupDialog = lazyExport(() => import('./popup-dialog'), 'PopupDialog');

/** Ids of the popups this browser tab has shown: each appears at most once a session (docs/product-rules.md#decided-rules). */
const SEEN_POPUPS_KEY = 'seenPopups';

function seenPopupIds(): string[] {
  try {
    const seen: unknown = JSON.parse(sessionStorage.getItem(SEEN_POPUPS_KEY) ?? '[]');
    return Array.isArray(seen) ? seen.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function markPopupSeen(id: string) {
  sessionStorage.setItem(SEEN_POPUPS_KEY, JSON.stringify([...seenPopupIds(), id]));
}

/** The admins' active popups, one after another, each closing itself when its time is up. */
export function ActivePopups() {
  const popups = trpc.popups.active.useQuery();
  // Read once per page load: a popup closed during this visit must not come back on the next render.
  const [seen] = useState(seenPopupIds);
  const [closed, setClosed] = useState<string[]>([]);
  const current = popups.data?.find((popup) => !seen.includes(popup.id) && !closed.includes(popup.id));

  useEffect(() => {
    if (current) markPopupSeen(current.id);
  }, [current]);

  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog key={current.id} popup={current} onClose={() => setClosed((ids) => [...ids, current.id])} />
    </Suspense>
  );
}
