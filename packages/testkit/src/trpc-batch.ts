import type { AppRouter } from '@app/api';
import { ERROR_CODES, type ErrorCode } from '@app/contracts';
import type { AnyProcedure } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { HttpResponse, http } from 'msw';

/** Every procedure's dotted path (`auth.user`, `admin.users.list`), read from the server's own router. */
type PathsOf<Record, Prefix extends string = ''> = {
  [Key in keyof Record & string]: Record[Key] extends AnyProcedure
    ? `${Prefix}${Key}`
    : PathsOf<Record[Key] extends { _def: { record: infer Inner } } ? Inner : Record[Key], `${Prefix}${Key}.`>;
}[keyof Record & string];

export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

/**
 * Test support: answers a request of the tRPC httpBatchLink the way the server does (tRPC 11, no
 * transformer), so component tests can run the real client against msw. A batch is
 * `/trpc/a.b,c.d?batch=1&input={"0":..,"1":..}` for queries or a POST with that input object as its
 * body for mutations, and its answer is one JSON array entry per procedure, in order.
 */
export type ProcedureReply = { data: unknown } | { error: { code: ErrorCode; message: string; details?: Record<string, string> } };
export type ProcedureHandler = (input: unknown) => ProcedureReply;
/** The fake server's answers, by procedure: a misspelt or renamed procedure fails the typecheck. */
export type ProcedureHandlers = Partial<Record<ProcedurePath, ProcedureHandler>>;

/** A handler that adds each input it is called with to `inputs` (what the app sent) and answers `reply`. */
export function recordingInto(inputs: unknown[], reply: ProcedureReply): ProcedureHandler {
  return (input) => {
    inputs.push(input);
    return reply;
  };
}

export async function answerTrpcBatch(request: Request, handlers: ProcedureHandlers): Promise<Response> {
  const url = new URL(request.url);
  const paths = decodeURIComponent(url.pathname.replace(/^.*\/trpc\//, '')).split(',');
  const rawInput = request.method === 'GET' ? url.searchParams.get('input') : await request.text();
  const inputs = (rawInput ? JSON.parse(rawInput) : {}) as Record<string, unknown>;

  const entries = paths.map((path, index) => {
    const handler = handlers[path as ProcedurePath];
    const reply: ProcedureReply = handler
      ? handler(inputs[String(index)])
      : { error: { code: 'NOT_FOUND', message: `No test reply for procedure "${path}"` } };
    if ('data' in reply) return { status: 200, body: { result: { data: reply.data } } };
    const { code, message, details = {} } = reply.error;
    const { httpStatus, trpcCode } = ERROR_CODES[code];
    return {
      status: httpStatus,
      body: { error: { message, code: TRPC_ERROR_CODES_BY_KEY[trpcCode], data: { code, httpStatus, path, details } } },
    };
  });

  // Like the server: one status when all entries agree, 207 Multi-Status when they differ.
  const statuses = new Set(entries.map((entry) => entry.status));
  const status = statuses.size === 1 ? (entries[0]?.status ?? 200) : 207;
  return Response.json(
    entries.map((entry) => entry.body),
    { status },
  );
}

/**
 * An msw handler under which a mutation's call gets no answer at all (a network error), as when the
 * server cannot be reached. Put before the batch handler with `server.use`.
 */
export function failProcedure(path: ProcedurePath) {
  return http.post(`*/trpc/${path}`, () => HttpResponse.error());
}
