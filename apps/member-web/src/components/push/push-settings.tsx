import { Button, SectionCard } from '@app/ui';
import { useLanguage } from '../../lib/language';
import { usePush } from './use-push';

/** Profile's control of push notifications on this browser: what they are, whether they are on, and why not. */
export function PushSettings() {
  const { t } = useLanguage();
  const push = usePush();
  const status = {
    checking: null,
    unavailable: t('push.unsupported'),
    blocked: t('push.blocked'),
    on: t('push.on'),
    off: t('push.off'),
  }[push.state];
  return (
    <SectionCard title={t('push.title')} description={t('push.explain')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" role="status">
          {status}
        </p>
        {push.state === 'on' && (
          <Button variant="outline" disabled={push.busy} onClick={() => void push.turnOff()}>
            {t('push.turnOff')}
          </Button>
        )}
        {push.state === 'off' && (
          <Button disabled={push.busy} onClick={() => void push.turnOn()}>
            {t('push.turnOn')}
          </Button>
        )}
      </div>
      {push.failed && (
        <p className="mt-3 text-sm text-destructive" role="alert">
          {t('push.failed')}
        </p>
      )}
    </SectionCard>
  );
}
