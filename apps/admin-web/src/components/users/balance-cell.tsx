import { errorMessage, refusalDetail, trpc } from '@app/client';
import { type AdminUser, adminBalanceInput, formatPesos, parsePesos, staffMessages } from '@app/contracts';
import { Button, formatPesosAmount, Input, useZodForm } from '@app/ui';
import { Check, Pencil, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useReloadUsers } from './user-actions';

const m = staffMessages.admin.screens;

/**
 * The Balance cell: the amount, or the inline editor (a number with step 0.01, docs/product-rules.md#validation).
 * Saving asks why and restates the change; the server compares the balance the admin saw with the
 * balance now, and when a payout or an earning landed in between it refuses, and the editor shows the
 * new balance to decide on again. A balance above the ceiling (docs/product-rules.md#admin-access) is
 * refused at the amount.
 */
export function BalanceCell({ user }: { user: AdminUser }) {
  // The balance the admin decides from: the one shown when the editor opened, or the one a conflict reported.
  const [seen, setSeen] = useState<string>();

  if (seen === undefined) {
    return (
      <span className="flex items-center gap-1 whitespace-nowrap tabular-nums">
        {formatPesosAmount(user.availableBalance)}
        <Button variant="ghost" size="sm" onClick={() => setSeen(user.availableBalance)} aria-label={`Edit Balance of ${user.email}`}>
          <Pencil aria-hidden="true" />
        </Button>
      </span>
    );
  }
  return <BalanceEditor user={user} seen={seen} onSeen={setSeen} onClose={() => setSeen(undefined)} />;
}

/** The new balance alone, by the balance edit's own rule. */
const newBalanceInput = adminBalanceInput.pick({ newBalance: true });

function BalanceEditor({
  user,
  seen,
  onSeen,
  onClose,
}: {
  user: AdminUser;
  seen: string;
  onSeen: (balance: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const reload = useReloadUsers();
  const form = useZodForm(newBalanceInput, { defaultValues: { newBalance: user.availableBalance } });
  const inputError = form.formState.errors.newBalance?.message;
  const [conflict, setConflict] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  // The new balance in centavos once it passes the rule: the confirm dialog restates the change.
  const [newCentavos, setNewCentavos] = useState(0);
  const setBalance = trpc.admin.users.setBalance.useMutation();

  const review = form.handleSubmit(({ newBalance }) => {
    setNewCentavos(newBalance);
    setConfirming(true);
  });

  async function confirm(reason: string) {
    try {
      // The balance goes as typed; the server turns it into centavos itself.
      await setBalance.mutateAsync({ userId: user.id, newBalance: form.getValues('newBalance'), expectedBalance: seen, reason });
    } catch (error) {
      const current = refusalDetail(error, 'currentBalance');
      if (current !== null) {
        // Someone else's change landed first: decide again from the balance as it is now.
        onSeen(current);
        setConflict(errorMessage(error, m.balanceFailed));
        setConfirming(false);
        await reload();
        return;
      }
      if (refusalDetail(error, 'balanceCeiling') !== null) {
        // Above the balance ceiling: said at the amount, which is what to change.
        form.setError('newBalance', { message: errorMessage(error, m.balanceFailed) });
        setConfirming(false);
        return;
      }
      toastFailure(error, m.balanceFailed);
      throw error;
    }
    await reload();
    toastSuccess(m.balanceUpdated);
    onClose();
  }

  const seenCentavos = parsePesos(seen) ?? 0;
  const difference = newCentavos - seenCentavos;

  return (
    <div className="grid gap-1">
      <form noValidate onSubmit={review} className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          New balance for {user.email}
        </label>
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          className="h-9 w-28"
          aria-invalid={inputError ? true : undefined}
          aria-describedby={inputError || conflict ? `${id}-note` : undefined}
          autoFocus
          {...form.register('newBalance')}
        />
        <Button type="submit" size="sm" disabled={setBalance.isPending} aria-label="Save balance">
          <Check aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label="Cancel">
          <X aria-hidden="true" />
        </Button>
      </form>
      {(inputError || conflict) && (
        <p id={`${id}-note`} role="alert" className="max-w-64 text-xs text-destructive">
          {inputError ?? conflict}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Change balance"
        description={`Set the available balance of ${user.email} from ${formatPesos(seenCentavos)} to ${formatPesos(newCentavos)} (${
          difference >= 0 ? '+' : '−'
        }${formatPesos(Math.abs(difference))}). The member sees your reason in their history.`}
        confirmLabel="Change balance"
        required={staffMessages.admin.balanceReasonRequired}
        onConfirm={confirm}
      />
    </div>
  );
}
