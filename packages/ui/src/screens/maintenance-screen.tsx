import { MAINTENANCE_COUNTDOWN_SECONDS } from '@app/contracts';
import { RefreshCw, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { DocumentTitle } from '../components/document-title';
import { BrandLink } from '../layout/brand';

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

/** Replaces the member site while it is closed (docs/screens.md#member-screens, maintenance gate). */
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
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-background px-4 py-10">
      <BrandLink />
      <Card className="grid w-full max-w-md justify-items-center gap-5 p-8 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-warning-soft">
          <Wrench className="size-7 text-warning" aria-hidden="true" />
        </div>
        <div className="grid gap-2">
          <DocumentTitle title="Under Maintenance" />
          <h1 className="text-2xl font-bold tracking-tight">Under Maintenance</h1>
          <p className="text-muted-foreground">{message}</p>
        </div>
        <div className="grid gap-1">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Checking again in</p>
          <p role="timer" aria-label="Time until the next check" className="font-mono text-3xl font-bold tabular-nums">
            {formatCountdown(secondsLeft)}
          </p>
        </div>
        <Button onClick={onRefresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'animate-spin motion-reduce:animate-none' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </Card>
    </div>
  );
}
