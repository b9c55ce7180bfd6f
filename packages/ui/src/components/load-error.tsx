import { CircleAlert, RefreshCw } from 'lucide-react';
import { errorMessage } from '../trpc';
import { Alert, AlertTitle } from './alert';
import { Button } from './button';

interface LoadErrorProps {
  error: unknown;
  /** Shown when no answer came from the server (offline, server down). */
  fallback: string;
  onRetry: () => void;
}

/** Data that could not be loaded: the server's reason, or the fallback, and a way to ask again. */
export function LoadError({ error, fallback, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{errorMessage(error, fallback)}</AlertTitle>
      <div className="pt-2">
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Alert>
  );
}
