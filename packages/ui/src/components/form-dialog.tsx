import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { DialogActions, DialogHeading } from './dialog-sections';

interface FormDialogProps {
  title: string;
  description: string;
  /** The submit button's text, e.g. 'Save Task'; it reads 'Saving...' while `saving`. */
  saveLabel: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The fields, laid out on two columns from the small breakpoint (`sm:col-span-2` for a full row). */
  children: ReactNode;
}

/** A create-or-edit form in a dialog: title, fields, Cancel and Save (docs/architecture.md#forms). */
export function FormDialog({ title, description, saveLabel, saving, onSubmit, onClose, children }: FormDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <DialogHeading className="sm:col-span-2" title={title} description={description} />
          {children}
          <DialogActions className="sm:col-span-2" onCancel={onClose}>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : saveLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
