import type { AdminPopup } from '@app/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, NewTabLink } from '@app/ui';
import { useEffect, useState } from 'react';

/** The preview closes this long after its countdown reaches 0 (docs/product-rules.md#constants-and-limits). */
const CLOSE_AFTER_ZERO_MS = 500;

/** A popup as members will see it, counting down from its duration and then closing itself. */
export function PopupPreview({ popup, onClose }: { popup: AdminPopup; onClose: () => void }) {
  const [left, setLeft] = useState(popup.duration);

  useEffect(() => {
    if (left > 0) {
      const timer = setTimeout(() => setLeft(left - 1), 1000);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(onClose, CLOSE_AFTER_ZERO_MS);
    return () => clearTimeout(timer);
  }, [left, onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{popup.title}</DialogTitle>
          {popup.description && <DialogDescription>{popup.description}</DialogDescription>}
        </DialogHeader>
        {/* Sanitized by the server when it was saved (docs/product-rules.md#decided-rules), as members receive it. */}
        <div className="prose prose-sm max-w-none" dangerouslySetInnerHTML={{ __html: popup.content }} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Closes in {left}s
          </p>
          {popup.url && (
            <Button asChild size="sm">
              <NewTabLink href={popup.url}>Visit link</NewTabLink>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
