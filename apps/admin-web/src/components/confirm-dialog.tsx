import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Field, Textarea } from '@app/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Whether the action records why (status changes, rejections, balance edits); an approval does not. */
  askReason?: boolean;
  /** A reason the action cannot go without (a rejection); otherwise a blank one is sent as none. */
  required?: string;
  hint?: string;
  /** Further fields the action needs, above the reason. */
  children?: ReactNode;
  destructive?: boolean;
  /** Resolves when the change is done (the dialog then closes); rejects to keep it open. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * Restates what an admin action will do before it is done, and records why where the action needs a
 * reason (status changes, rejections, balance edits, maintenance switches). The confirm button is busy
 * while the call runs, so a second press sends nothing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  askReason = true,
  required,
  hint,
  children,
  destructive,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  // Whether a required reason was found missing; the text shown is the one the current choice requires.
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  function change(next: boolean) {
    if (!next) {
      setReason('');
      setMissing(false);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (required && !reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      change(false);
    } catch {
      // The caller has already said why in a toast; the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {askReason && (
            <Field id={`${id}-reason`} label="Reason" error={missing ? required : undefined} hint={hint}>
              <Textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
            </Field>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
