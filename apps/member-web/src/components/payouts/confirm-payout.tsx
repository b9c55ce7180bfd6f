import { describeDestination, messages, type PayoutRequestInput, payoutRequestInput } from '@app/contracts';
import { Dialog, DialogActions, DialogContent, DialogHeading, SubmitButton } from '@app/ui';
import { Send } from 'lucide-react';
import { useLanguage } from '../../lib/language';

const p = messages.payouts;

interface ConfirmPayoutProps {
  /** The request as the form checked it; null while the dialog is closed. */
  request: PayoutRequestInput | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The payout restated before it is sent: the amount leaves the balance at once, and money sent to a
 * mistyped account is gone, so the member reads the account back first (docs/screens.md#member-screens).
 */
export function ConfirmPayout({ request, pending, onConfirm, onCancel, onCloseAutoFocus }: ConfirmPayoutProps) {
  const { m, formatPesos } = useLanguage();
  // The form has checked it with this schema, so it parses; amount and account are shown as the server will read them.
  const parsed = request ? payoutRequestInput.parse(request) : null;
  const amount = parsed ? formatPesos(parsed.amount) : '';
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {request && (
          <>
            <DialogHeading clearOfClose title={m(p.confirmTitle(amount, request.paymentMethod))} description={m(p.confirmBody(amount))} />
            <div className="rounded-md border bg-muted/40 p-3">
              <p className="text-muted-foreground text-xs font-medium uppercase tracking-wide">{m(p.destination.sendTo)}</p>
              <p className="mt-1 break-words font-medium">{parsed && describeDestination(parsed.destination)}</p>
            </div>
            <DialogActions onCancel={onCancel}>
              <SubmitButton type="button" icon={Send} pending={pending} onClick={onConfirm}>
                {m(p.confirmAction(amount))}
              </SubmitButton>
            </DialogActions>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
