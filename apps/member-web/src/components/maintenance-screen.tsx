import { MAINTENANCE_COUNTDOWN_SECONDS } from '@app/contracts';
import { Button, StandaloneCard } from '@app/ui';
import { RefreshCw, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { translate } from '../lib/language';

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

interface MaintenanceScreenProps {
  message: string;
  /** Checks the site's status again; called by the button and whenever the countdown runs out. */
  onRefresh: () => void;
  refreshing?: boolean;
}

/**
 * Replaces the member site while it is closed (docs/screens.md#member-screens, maintenance gate). Loaded
 * only then: most visits never see it, so it stays out of the first chunk.
 */
export function MaintenanceScreen({ message, onRefresh, refreshing = false }: MaintenanceScreenProps) {
  const [secondsLeft, setSecondsLeft] = useState(MAINTENANCE_COUNTDOWN_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((left) => (left > 0 ? left - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft > 0) return;
    onRefresh();
    setSecondsLeft(MAINTENANCE_COUNTDOWN_SECONDS);
  }, [secondsLeft, onRefresh]);

  return (
    <StandaloneCard
      icon={Wrench}
      tone="warning"
      title={translate('maintenance.title')}
      description={message}
      className="bg-background"
      cardClassName="p-8"
    >
      <div className="grid gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{translate('maintenance.checkingIn')}</p>
        <p role="timer" aria-label={translate('maintenance.timeToCheck')} className="font-mono text-3xl font-bold tabular-nums">
          {formatCountdown(secondsLeft)}
        </p>
      </div>
      <Button onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={refreshing ? 'animate-spin motion-reduce:animate-none' : undefined} aria-hidden="true" />
        {translate('maintenance.refresh')}
      </Button>
    </StandaloneCard>
  );
}
