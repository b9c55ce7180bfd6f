import type { Popup } from '@app/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@app/ui';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../lib/language';

/**
 * One popup in a dialog that closes itself when its time is up; ActivePopups loads it when there is one to show.
 * Its title, description and content are what an admin wrote, shown as written (docs/architecture.md#two-languages).
 */
export function PopupDialog({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const { t } = useLanguage();
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
          <DialogTitle data-admin-text className="px-6 leading-tight sm:pr-6 sm:pl-0">
            {popup.title}
          </DialogTitle>
          {popup.description && <DialogDescription data-admin-text>{popup.description}</DialogDescription>}
        </DialogHeader>
        <div
          data-admin-text
          className="grid gap-2 text-sm leading-relaxed break-words [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
          // The server sanitizes popup content with an allow-list when an admin saves it (docs/product-rules.md#decided-rules).
          dangerouslySetInnerHTML={{ __html: popup.content }}
        />
        <DialogFooter className="items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">{t('popup.closesIn', { seconds: secondsLeft })}</p>
          {popup.url && (
            <Button asChild>
              <a href={popup.url} target="_blank" rel="noopener noreferrer">
                {t('popup.learnMore')}
                <ExternalLink aria-hidden="true" />
                <span className="sr-only"> {t('common.opensInNewTab')}</span>
              </a>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
