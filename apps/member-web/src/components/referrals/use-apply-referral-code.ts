import { errorMessage, trpc } from '@app/client';
import { messages } from '@app/contracts';
import { toast } from '@app/ui';
import { inLanguage } from '../../lib/language';

/**
 * Applying a sponsor's code, wherever it happens (the Referrals form, the invite page, after sign-in):
 * the catalogue's toasts (docs/api-conventions.md#messages-and-errors) and a fresh user, whose sponsor is now set.
 */
export function useApplyReferralCode(options: { onSuccess?: () => void } = {}) {
  const utils = trpc.useUtils();
  return trpc.referrals.useCode.useMutation({
    onSuccess: () => {
      toast({ title: inLanguage(messages.referrals.applied) });
      void utils.auth.user.invalidate();
      options.onSuccess?.();
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, inLanguage(messages.referrals.failed)) }),
  });
}
