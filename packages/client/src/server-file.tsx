import { messages } from '@app/contracts';
import { Button, toast, useUiText } from '@app/ui';
import { useMutation } from '@tanstack/react-query';
import { Download, LoaderCircle } from 'lucide-react';
import { type EndedSession, SessionEndedError } from './session-ended';

/**
 * A request outside tRPC (multipart uploads, file downloads) with tRPC's view of a lost session: a 401
 * throws SessionEndedError, so the page says the session ended instead of showing a failed call, or
 * saving the server's refusal as the file. Any other failure throws the server's message, else `fallback`.
 */
export async function requestServer(
  path: string,
  init: RequestInit,
  { session, fallback }: { session: Exclude<EndedSession, null>; fallback: string },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', ...init });
  } catch {
    throw new Error(fallback);
  }
  if (response.status === 401) throw new SessionEndedError(session);
  if (response.ok) return response;
  const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
  throw new Error(typeof answer?.message === 'string' && answer.message ? answer.message : fallback);
}

/** The file name the server gave in Content-Disposition, else `fallback`. */
function attachmentName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * The button that downloads a CSV statement (the member's history, the operator's ledger). The file is
 * fetched first and saved from memory, so an ended session or a refusal is said on the page rather
 * than saved as the statement.
 */
export function StatementDownload({ href, session }: { href: string; session: Exclude<EndedSession, null> }) {
  // In the member's language on the member site (docs/architecture.md#two-languages); the operator's stays English.
  const ui = useUiText();
  const download = useMutation({
    mutationFn: async () => {
      const response = await requestServer(href, {}, { session, fallback: ui(messages.transactions.statementFailed) });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = attachmentName(response, 'statement.csv');
      link.click();
      // The click has handed the blob to the download; the address is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    onError: (error) => {
      if (!(error instanceof SessionEndedError)) toast({ variant: 'destructive', title: error.message });
    },
  });
  return (
    <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
      {download.isPending ? (
        <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {ui('Download statement (CSV)')}
    </Button>
  );
}
