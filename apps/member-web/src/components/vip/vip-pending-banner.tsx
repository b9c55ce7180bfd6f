import { formatDateIn, formatTimeOfDay, type Language, messages, planName, type VipStatus } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { Clock } from 'lucide-react';
import { useLanguage } from '../../lib/language';

/** A request's date and time as the member's language writes the date: "Nov 22, 2026, 3:05 PM". */
export function requestTime(language: Language, value: string): string {
  return `${formatDateIn(language, value)}, ${formatTimeOfDay(value)}`;
}

/** The banner's id: the VIP page's buttons that a waiting request disables point to it. */
export const VIP_PENDING_ID = 'vip-pending';

/**
 * Shown while a G-CASH request waits for an admin (docs/screens.md#member-screens): the plan asked for and,
 * once, the reference it was made with and when.
 */
export function VipPendingBanner({ status }: { status: Pick<VipStatus, 'pendingVipTier' | 'pendingSince' | 'pendingReference'> }) {
  const { t, m, language } = useLanguage();
  const { pendingVipTier, pendingSince, pendingReference } = status;
  return (
    <Alert id={VIP_PENDING_ID} variant="warning">
      <Clock aria-hidden="true" />
      <AlertTitle>{m(messages.vip.pendingTitle)}</AlertTitle>
      <AlertDescription>
        {m(messages.vip.pendingBody(pendingVipTier ? planName(pendingVipTier) : t('vip.yourChosenPlan')))}
      </AlertDescription>
      {pendingSince && pendingReference && (
        <AlertDescription className="text-muted-foreground">
          {t('vip.pendingReference', {
            reference: pendingReference,
            time: requestTime(language, pendingSince),
          })}
        </AlertDescription>
      )}
    </Alert>
  );
}
