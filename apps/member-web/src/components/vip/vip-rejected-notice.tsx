import { messages, planName, requestTime, type VipStatus } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { CircleX } from 'lucide-react';
import { useLanguage } from '../../lib/language';

/** The admin's reason for refusing the member's last request, until they ask again. */
export function VipRejectedNotice({ rejection }: { rejection: NonNullable<VipStatus['lastRejection']> }) {
  const { t, m, language } = useLanguage();
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden="true" />
      <AlertTitle>{m(messages.vip.rejectedTitle(planName(rejection.vipTier)))}</AlertTitle>
      <AlertDescription className="text-foreground">{rejection.reason}</AlertDescription>
      <AlertDescription className="text-muted-foreground">
        {requestTime(language, rejection.at)} · {t('vip.askAgain')}
      </AlertDescription>
    </Alert>
  );
}
