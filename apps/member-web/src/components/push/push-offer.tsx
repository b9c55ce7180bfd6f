import { Button, Card, CardContent } from '@app/ui';
import { BellRing } from 'lucide-react';
import { useLanguage } from '../../lib/language';
import { usePush } from './use-push';

/**
 * The one offer of push notifications, once the member has asked for a payout: shown while push is off on
 * a browser that can have it, until the member turns it on or says not now (`onAnswered` remembers that).
 */
export function PushOffer({ onAnswered }: { onAnswered: () => void }) {
  const { t } = useLanguage();
  const push = usePush();
  if (push.state !== 'off') return null;
  const accept = async () => {
    await push.turnOn();
    onAnswered();
  };
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:pt-6">
        <BellRing className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-medium">{t('push.promptTitle')}</p>
          <p className="text-sm text-muted-foreground">{t('push.promptBody')}</p>
        </div>
        <div className="flex gap-2 sm:ml-auto">
          <Button variant="ghost" onClick={onAnswered}>
            {t('push.promptDismiss')}
          </Button>
          <Button disabled={push.busy} onClick={() => void accept()}>
            {t('push.promptAccept')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
