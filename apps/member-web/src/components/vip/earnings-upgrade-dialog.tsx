import { errorMessage, trpc } from '@app/client';
import { messages, type VipPlan } from '@app/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  formatPesosAmount,
  toast,
} from '@app/ui';
import { LoaderCircle } from 'lucide-react';

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
      toast({ title: messages.vip.upgraded });
      // The plan changes the balance, the task list (VIP tasks, limit) and the history.
      void Promise.all([
        utils.auth.user.invalidate(),
        utils.vip.status.invalidate(),
        utils.tasks.invalidate(),
        utils.transactions.invalidate(),
      ]);
      onClose();
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, messages.vip.failed) }),
  });

  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {plan && (
          <>
            <DialogHeader>
              <DialogTitle className="px-6 leading-tight sm:pr-6 sm:pl-0">Buy {plan.name} with your earnings?</DialogTitle>
              <DialogDescription>{messages.vip.earningsConfirm(formatPesosAmount(plan.price), plan.name)}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => upgrade.mutate({ vipTier: plan.id })} disabled={upgrade.isPending}>
                {upgrade.isPending && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
                Pay {formatPesosAmount(plan.price)}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
