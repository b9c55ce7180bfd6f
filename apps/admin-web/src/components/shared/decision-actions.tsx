import { Button } from '@app/ui';
import { useState } from 'react';
import { ConfirmDialog, type DialogTextInput } from './confirm-dialog';

/** One of the two answers to a request, as its button and its confirmation word it. */
interface Answer {
  button: string;
  /** The button's accessible name when the row's other cells are needed to tell it apart. */
  buttonLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
}

interface DecisionActionsProps {
  /** The approval may ask for a text of its own (a payout's transfer reference). */
  approve: Answer & { input?: DialogTextInput };
  /** The refusal asks for the reason the member is shown; `reasonRequired` is said when it is left blank. */
  refuse: Answer & { reasonRequired: string };
  /** Makes the decision (`text` is the refusal's reason or the approval's input); resolves when done, rejects to keep the dialog open. */
  onDecide: (decision: 'approve' | 'refuse', text: string) => Promise<unknown>;
}

/**
 * Approve and refuse buttons for a request waiting on an admin (a payout, a VIP request, a held referral
 * bonus), each confirmed in a dialog that restates what will happen; refusing takes a reason, approving may
 * take a text of its own.
 */
export function DecisionActions({ approve, refuse, onDecide }: DecisionActionsProps) {
  const [deciding, setDeciding] = useState<'approve' | 'refuse' | null>(null);
  const close = (open: boolean) => !open && setDeciding(null);
  const refusing = deciding === 'refuse';
  const answer = refusing ? refuse : approve;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setDeciding('approve')} aria-label={approve.buttonLabel}>
        {approve.button}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setDeciding('refuse')} aria-label={refuse.buttonLabel}>
        {refuse.button}
      </Button>
      {deciding && (
        <ConfirmDialog
          key={deciding}
          open
          onOpenChange={close}
          title={answer.title}
          description={answer.description}
          confirmLabel={answer.confirmLabel}
          askReason={refusing}
          input={refusing ? undefined : approve.input}
          required={refusing ? refuse.reasonRequired : undefined}
          destructive={refusing}
          onConfirm={(reason) => onDecide(deciding, reason)}
        />
      )}
    </div>
  );
}
