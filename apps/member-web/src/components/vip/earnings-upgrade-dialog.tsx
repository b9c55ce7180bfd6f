import { errorMessage, trpc } from '@app/client';
import { messages, type VipPlan } from '@app/contracts';
import { Dialog, DialogActions, DialogContent, DialogHeading, formatPesosAmount, SubmitButton, toast } from '@app/ui';
import { inLanguage, translate } from '../../lib/language';

interface EarningsUpgradeDialogProps {
  /** The plan being bought; null while the dialog is closed. */
  plan: VipPlan | null;
  onClose: () => void;
}

/** Buying a plan from the balance starts it at once, so the member confirms first (docs/product-rules.md#validation). */
export function EarningsUpgradeDialog({ plan, onClose }: EarningsUpgradeDialogProps) {
  const utils = trpc.useUtils();
  const upgrade = trpc.vip.upgradeWithEarnings.useMutation({
    onSuccess: () => {
      toast({ title: inLanguage(messages.vip.upgraded) });
      // The plan changes the balance, the task list (VIP tasks, limit) and the history.
      void Promise.all([
        utils.auth.user.invalidate(),
        utils.vip.status.invalidate(),
        utils.tasks.invalidate(),
        utils.transactions.invalidate(),
      ]);
      onClose();
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, inLanguage(messages.vip.failed)) }),
  });

  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {plan && (
          <>
            <DialogHeading
              clearOfClose
              title={translate('vip.buyWithEarnings', { plan: plan.name })}
              description={inLanguage(messages.vip.earningsConfirm(formatPesosAmount(plan.price), plan.name))}
            />
            <DialogActions onCancel={onClose}>
              <SubmitButton type="button" onClick={() => upgrade.mutate({ vipTier: plan.id })} pending={upgrade.isPending}>
                {translate('vip.payAmount', { amount: formatPesosAmount(plan.price) })}
              </SubmitButton>
            </DialogActions>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
