import { messages } from '@app/contracts';
import { SearchX } from 'lucide-react';
import { Button } from '../components/button';
import { DocumentTitle } from '../components/document-title';
import { AppLink } from '../layout/navigation';

/** The not-found screen of every app: the catalogue's title and a way back. */
export function NotFound({ homeHref = '/', homeLabel = 'Go to Dashboard' }: { homeHref?: string; homeLabel?: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <DocumentTitle title={messages.notFoundPage} />
      <div className="flex size-14 items-center justify-center rounded-full bg-muted">
        <SearchX className="size-7 text-muted-foreground" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{messages.notFoundPage}</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist or may have moved.</p>
      <Button asChild>
        <AppLink href={homeHref}>{homeLabel}</AppLink>
      </Button>
    </div>
  );
}
