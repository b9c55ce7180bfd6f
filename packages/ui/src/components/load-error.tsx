import { CircleAlert, RefreshCw } from 'lucide-react';
import { useUiText } from '../lib/ui-text';
import { Alert, AlertTitle } from './alert';
import { Button } from './button';

interface LoadErrorProps {
  /** Why: the server's reason, or the screen's own text when no answer came (`errorMessage` of @app/client gives either). */
  message: string;
  onRetry: () => void;
}

/** Data that could not be loaded: why, and a way to ask again. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  const ui = useUiText();
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{message}</AlertTitle>
      <div className="pt-2">
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {ui('Try again')}
        </Button>
      </div>
    </Alert>
  );
}
