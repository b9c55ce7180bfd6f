import type { FirstAnswer, FirstAnswers, FirstQuery } from '@app/contracts';
import { readOwnUser } from './auth/service';
import type { ApiDeps } from './context';
import { createContext } from './create-context';
import type { RequestScope } from './lib/request-scope';
import { appRouter } from './root';

type Caller = ReturnType<typeof appRouter.createCaller>;
type Procedure = (input: unknown) => Promise<unknown>;

/** One query as its call would answer it, through the same procedure and rules; null when the call would fail. */
async function answer(caller: Caller, query: FirstQuery): Promise<FirstAnswer | null> {
  // The caller is a proxy on the router's paths: `support.messages` is caller.support.messages.
  const call = query.path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  try {
    return { ...query, data: await (call as Procedure)(query.input) };
  } catch {
    // The page asks for it itself, and shows that call's refusal where it belongs.
    return null;
  }
}

/**
 * What the server writes into a signed-in member's page (docs/architecture.md#what-a-page-loads-first): the
 * answer `auth.user` would give this request, the page's first queries (firstQueriesOf) as their calls would
 * answer them, and the live feed's position, taken before any of them is read so that a change after it
 * reaches the page's first stream. Null for a request nobody is signed in on (an ended session's cookie is
 * cleared, as any call would).
 */
export async function readFirstAnswers(deps: ApiDeps, scope: RequestScope, queries: readonly FirstQuery[]): Promise<FirstAnswers | null> {
  const position = deps.live.position();
  const context = await createContext(deps, scope);
  if (!context.user) return null;
  const caller = appRouter.createCaller(context);
  const answers = await Promise.all(queries.map((query) => answer(caller, query)));
  return {
    user: readOwnUser({ ...context, user: context.user }),
    position,
    answers: answers.filter((found) => found !== null),
  };
}
