import type { Popup } from '@app/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, trpc } from '@app/ui';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Ids of the popups this browser tab has shown: each appears at most once a session (DESIGN.md section 5). */
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
  return <PopupDialog key={current.id} popup={current} onClose={() => setClosed((ids) => [...ids, current.id])} />;
}

function PopupDialog({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const [secondsLeft, setSecondsLeft] = useState(popup.duration);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(left - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) onClose();
  }, [secondsLeft, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      {/* Radix's way to say "no description": the content below is what the dialog says. */}
      <DialogContent {...(popup.description ? {} : { 'aria-describedby': undefined })}>
        <DialogHeader>
          <DialogTitle className="px-6 leading-tight sm:pr-6 sm:pl-0">{popup.title}</DialogTitle>
          {popup.description && <DialogDescription>{popup.description}</DialogDescription>}
        </DialogHeader>
        <div
          className="grid gap-2 text-sm leading-relaxed break-words [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
          // The server sanitizes popup content with an allow-list when an admin saves it (DESIGN.md section 5).
          dangerouslySetInnerHTML={{ __html: popup.content }}
        />
        <DialogFooter className="items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">Closes in {secondsLeft} s</p>
          {popup.url && (
            <Button asChild>
              <a href={popup.url} target="_blank" rel="noopener noreferrer">
                Learn more
                <ExternalLink aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
