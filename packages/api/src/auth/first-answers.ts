import type { FirstAnswers } from '@app/contracts';
import type { ApiDeps } from '../context';
import { createContext } from '../create-context';
import type { RequestScope } from '../lib/request-scope';
import { readOwnUser } from './service';

/**
 * What the server writes into a signed-in member's page (docs/architecture.md#what-a-page-loads-first): the
 * answer `auth.user` would give this request, and the live feed's position, taken before the user is read so
 * that a change after it reaches the page's first stream. Null for a request nobody is signed in on (an
 * ended session's cookie is cleared, as any call would).
 */
export async function readFirstAnswers(deps: ApiDeps, scope: RequestScope): Promise<FirstAnswers | null> {
  const position = deps.live.position();
  const context = await createContext(deps, scope);
  if (!context.user) return null;
  return { user: readOwnUser({ ...context, user: context.user }), position };
}
