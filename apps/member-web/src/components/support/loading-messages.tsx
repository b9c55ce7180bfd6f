import { LoaderCircle } from 'lucide-react';
import { translate } from '../../lib/language';

/** The chat panel's spinner while the conversation (or the code that shows it) loads. */
export function LoadingMessages() {
  return (
    <div role="status" className="flex h-full flex-1 items-center justify-center text-muted-foreground">
      <LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span className="sr-only">{translate('support.loading')}</span>
    </div>
  );
}
