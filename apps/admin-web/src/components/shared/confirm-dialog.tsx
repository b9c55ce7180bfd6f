import { reasonInput, requiredReason, z } from '@app/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogHeading, Field, Input, Textarea, useZodForm } from '@app/ui';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { focusNearRow, placeOf } from '../../lib/row-focus';

/** A text an action takes instead of a reason (an approval's transfer reference): its label, hint and the contracts' rule for it. */
export interface DialogTextInput {
  label: string;
  hint?: string;
  schema: z.ZodType<string | undefined, string>;
}

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
  /** Asked instead of the reason, by its own rule; what it holds reaches `onConfirm` (blank as ''). */
  input?: DialogTextInput;
  /** Further fields the action needs, above the reason. */
  children?: ReactNode;
  destructive?: boolean;
  /** Resolves when the change is done (the dialog then closes); rejects to keep it open. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** Where the focus goes once the dialog has closed, when not back to its button (a batch's result). */
  focusAfter?: () => HTMLElement | null;
}

/**
 * The reason as the server checks it: required (with the caller's text) or not, at most 500 characters,
 * storable; or the text asked instead of it, by its own rule.
 */
function reasonForm(required: string | undefined, input: DialogTextInput | undefined) {
  return z.object({ reason: input ? input.schema : required ? requiredReason(required) : reasonInput });
}

/**
 * Restates what an admin action will do before it is done, and records why where the action needs a
 * reason (status changes, rejections, balance edits, maintenance switches), checked by the contracts'
 * reason rules (docs/architecture.md#forms). The confirm button is busy while the call runs, so a second
 * press sends nothing.
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
  input,
  children,
  destructive,
  onConfirm,
  focusAfter,
}: ConfirmDialogProps) {
  const id = useId();
  // Where the dialog was opened from: a row's button, which the decision may take out of its queue.
  const openedFrom = useRef<{ control: Element | null; place: ReturnType<typeof placeOf> }>({ control: null, place: null });
  const form = useZodForm(reasonForm(askReason ? required : undefined, input), { defaultValues: { reason: '' } });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const { reset, trigger } = form;

  // The choice above the reason (an account status) may change whether one is required: once a submit
  // was refused, the reason is checked again, so the text shown is the one the current choice asks for.
  useEffect(() => {
    if (isSubmitted) void trigger('reason');
  }, [required, isSubmitted, trigger]);

  function change(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason ?? '');
      change(false);
    } catch {
      // The caller has already said why in a toast; the dialog stays open for another try.
    }
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        onOpenAutoFocus={() => {
          openedFrom.current = { control: document.activeElement, place: placeOf(document.activeElement) };
        }}
        onCloseAutoFocus={(event) => {
          // The row left the queue with its button: the focus goes to the row now in its place, never to the page's start.
          const after = focusAfter?.();
          if (after) {
            event.preventDefault();
            after.focus();
            return;
          }
          const { control, place } = openedFrom.current;
          if (place && !control?.isConnected && focusNearRow(place)) event.preventDefault();
        }}
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeading title={title} description={description} />
          {children}
          {input ? (
            <Field id={`${id}-reason`} label={input.label} error={errors.reason?.message} hint={input.hint}>
              <Input autoComplete="off" {...form.register('reason')} />
            </Field>
          ) : (
            askReason && (
              <Field id={`${id}-reason`} label="Reason" error={errors.reason?.message} hint={hint}>
                <Textarea rows={3} {...form.register('reason')} />
              </Field>
            )
          )}
          <DialogActions onCancel={() => change(false)}>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={isSubmitting}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
