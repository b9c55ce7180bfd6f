import { messages } from '@app/contracts';
import { SearchX } from 'lucide-react';
import { Button } from '../components/button';
import { DocumentTitle } from '../components/document-title';
import { AppLink } from '../layout/navigation';
import { useUiText } from '../lib/ui-text';

/** The not-found screen of every app: the catalogue's title and a way back, in the app's language. */
export function NotFound({ homeHref = '/', homeLabel }: { homeHref?: string; homeLabel?: string }) {
  const ui = useUiText();
  const title = ui(messages.notFoundPage);
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <DocumentTitle title={title} />
      <div className="flex size-14 items-center justify-center rounded-full bg-muted">
        <SearchX className="size-7 text-muted-foreground" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{ui('The page you are looking for does not exist or may have moved.')}</p>
      <Button asChild>
        <AppLink href={homeHref}>{homeLabel ?? ui('Go to Dashboard')}</AppLink>
      </Button>
    </div>
  );
}
