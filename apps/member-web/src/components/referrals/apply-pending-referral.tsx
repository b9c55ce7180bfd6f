import type { User } from '@app/contracts';
import { useEffect } from 'react';
import { takePendingReferralCode } from '../../lib/pending-referral';
import { useApplyReferralCode } from './use-apply-referral-code';

/**
 * Applies the code a visitor followed before signing in, once they are (docs/screens.md#states).
 * Renders nothing; the outcome is told by the usual referral toasts.
 */
export function ApplyPendingReferral({ user }: { user: User }) {
  const { mutate } = useApplyReferralCode();
  const hasSponsor = user.referredBy !== null;

  useEffect(() => {
    const code = takePendingReferralCode();
    // A member who already has a sponsor keeps them; the followed link changes nothing.
    if (code && !hasSponsor) mutate({ referralCode: code });
  }, [hasSponsor, mutate]);

  return null;
}
