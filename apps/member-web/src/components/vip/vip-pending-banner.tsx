import { messages, type VipStatus, vipPendingWords } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { Clock } from 'lucide-react';
import { useLanguage } from '../../lib/language';

/** The banner's id: the VIP page's buttons that a waiting request disables point to it. */
export const VIP_PENDING_ID = 'vip-pending';

interface VipPendingNoticeProps {
  /** The plan asked for, by its name. */
  plan: string;
  /** The reference the request was made with and when, as the member's language writes it. */
  sent?: { reference: string; time: string };
}

/**
 * The waiting request's notice. The server's first paint of the dashboard is built from it too
 * (src/first-paint/render.tsx).
 */
export function VipPendingNotice({ plan, sent }: VipPendingNoticeProps) {
  const { t, m } = useLanguage();
  return (
    <Alert id={VIP_PENDING_ID} variant="warning">
      <Clock aria-hidden="true" />
      <AlertTitle>{m(messages.vip.pendingTitle)}</AlertTitle>
      <AlertDescription>{m(messages.vip.pendingBody(plan))}</AlertDescription>
      {sent && <AlertDescription className="text-muted-foreground">{t('vip.pendingReference', sent)}</AlertDescription>}
    </Alert>
  );
}

/**
 * Shown while a G-CASH request waits for an admin (docs/screens.md#member-screens): the plan asked for and,
 * once, the reference it was made with and when.
 */
export function VipPendingBanner({ status }: { status: Pick<VipStatus, 'pendingVipTier' | 'pendingSince' | 'pendingReference'> }) {
  const { t, language } = useLanguage();
  const { plan, sent } = vipPendingWords(status, language);
  return <VipPendingNotice plan={plan ?? t('vip.yourChosenPlan')} sent={sent} />;
}
