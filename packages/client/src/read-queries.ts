import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type Router = keyof Outputs & string;

/** A procedure's path, as the tRPC client names it (`router.procedure`). */
type QueryPath = { [R in Router]: `${R}.${keyof Outputs[R] & string}` }[Router];

/** What the procedure at `P` answers. */
type AnswerOf<P> = P extends `${infer R extends Router}.${infer Q}` ? (Q extends keyof Outputs[R] ? Outputs[R][Q] : never) : never;

interface BatchAnswer {
  result?: { data?: unknown };
}

/**
 * Queries without input, read in one request in the batch format the apps' tRPC client uses
 * (docs/api-conventions.md#calls-the-apps-make), without the client's code: for landing.html's small script.
 * Each answer is the query's data, or undefined where that call failed, or all of them when the request did.
 */
export async function readQueries<const P extends readonly QueryPath[]>(
  paths: P,
): Promise<{ -readonly [K in keyof P]: AnswerOf<P[K]> | undefined }> {
  let answers: BatchAnswer[] = [];
  try {
    // 200 when every call answered, 207 when some did not: each answer says which.
    const response = await fetch(`/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent('{}')}`, { credentials: 'include' });
    const body: unknown = await response.json();
    if (Array.isArray(body)) answers = body as BatchAnswer[];
  } catch {
    // Offline, or an answer that is not the API's: nothing was read.
  }
  return paths.map((_path, index) => answers[index]?.result?.data) as { -readonly [K in keyof P]: AnswerOf<P[K]> | undefined };
}
