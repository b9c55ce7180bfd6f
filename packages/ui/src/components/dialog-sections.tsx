import type { ReactNode } from 'react';
import { useUiText } from '../lib/ui-text';
import { Button } from './button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

interface DialogHeadingProps {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  /** A long title that keeps clear of the close button on phones, where titles are centred. */
  clearOfClose?: boolean;
}

/** A dialog's title and the sentence under it. */
export function DialogHeading({ title, description, className, clearOfClose = false }: DialogHeadingProps) {
  return (
    <DialogHeader className={className}>
      <DialogTitle className={clearOfClose ? 'px-6 leading-tight sm:pr-6 sm:pl-0' : undefined}>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/** A dialog's buttons: Cancel, then the dialog's own action (`children`). */
export function DialogActions({ onCancel, className, children }: { onCancel: () => void; className?: string; children: ReactNode }) {
  const ui = useUiText();
  return (
    <DialogFooter className={className}>
      <Button variant="outline" onClick={onCancel}>
        {ui('Cancel')}
      </Button>
      {children}
    </DialogFooter>
  );
}
