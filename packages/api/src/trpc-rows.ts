import type { ErrorCode } from '@app/contracts';
import type { MaybePromise, Overwrite, ProcedureBuilder, Simplify, UnsetMarker } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import type { Context } from './context';

/**
 * `download`: the REST path answers with the file itself (FileOutput's body), not JSON. `cacheSeconds`:
 * the answer is the same for everyone for that long, and shared caches may keep it (public figures).
 */
export type AppMeta = OpenApiMeta & {
  download?: boolean;
  cacheSeconds?: number;
  /**
   * The codes the procedure's own work may refuse with, beyond its tier's and the server's: an unknown
   * id (NOT_FOUND), a second decision or stale edit (CONFLICT), ... The OpenAPI document lists them
   * (docs/api-conventions.md#the-openapi-document).
   */
  refusals?: readonly ErrorCode[];
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The OpenAPI entries of one tag's procedures (docs/api-conventions.md#the-openapi-document): `signedIn` for a
 * call behind a session cookie, `open` for one anyone may make.
 */
export function restEntries(tag: string) {
  return {
    signedIn: (method: Method, path: `/${string}`, summary: string) => ({ method, path, tags: [tag], summary, protect: true }),
    open: (method: Method, path: `/${string}`, summary: string) => ({ method, path, tags: [tag], summary }),
  };
}

/** The OpenAPI entry of an admin procedure: under the admin tag, behind the signed-in session. */
export const adminCall = restEntries('admin').signedIn;

/** A tier as each of its procedures starts from it: the context its rules checked, nothing chained yet. */
type Tier<TChecked> = ProcedureBuilder<Context, AppMeta, TChecked, UnsetMarker, UnsetMarker, UnsetMarker, UnsetMarker, false>;

/**
 * One procedure as a router's table states it (docs/architecture.md#files-of-an-api-domain): its REST entry
 * and refusals, its schemas, and the one service call it makes with the checked context and the parsed input.
 */
type Row<TChecked, TInput extends z.ZodType, TOutput extends z.ZodType> = AppMeta & {
  /** None for a call that takes nothing. */
  input?: TInput;
  output: TOutput;
  run: (ctx: Simplify<Overwrite<Context, TChecked>>, input: z.output<TInput>) => MaybePromise<z.input<TOutput>>;
};

/**
 * A row's procedure up to its call, and the call as tRPC's resolver. tRPC types a resolver's input and answer by
 * conditional types (is an input parser set? an output one?) that stay open while the schemas are type
 * parameters; each row's `run` is checked against its own schemas where its router states it, so the answer
 * is handed on as is here.
 */
function stated<TChecked, TInput extends z.ZodType, TOutput extends z.ZodType>(
  tier: Tier<TChecked>,
  { input, output, run, ...meta }: Row<TChecked, TInput, TOutput>,
) {
  return {
    // A row without input is a call that takes none, as TInput's default (z.ZodVoid) says.
    procedure: tier
      .meta(meta)
      .input((input ?? z.void()) as TInput)
      .output(output),
    resolver: (opts: { ctx: Simplify<Overwrite<Context, TChecked>>; input: unknown }) =>
      run(opts.ctx, opts.input as z.output<TInput>) as never,
  };
}

/** The answer of a call that has nothing to say but that its work is done: okOutput's `{ ok: true }`. */
export async function okWhenDone(work: Promise<unknown>): Promise<{ ok: true }> {
  await work;
  return { ok: true };
}

/** A procedure that reads: a GET over REST. */
export function query<TChecked, TInput extends z.ZodType = z.ZodVoid, TOutput extends z.ZodType = z.ZodType>(
  tier: Tier<TChecked>,
  row: Row<TChecked, TInput, TOutput>,
) {
  const { procedure, resolver } = stated(tier, row);
  return procedure.query(resolver);
}

/** A procedure that changes something: a POST, PUT or DELETE over REST. */
export function mutation<TChecked, TInput extends z.ZodType = z.ZodVoid, TOutput extends z.ZodType = z.ZodType>(
  tier: Tier<TChecked>,
  row: Row<TChecked, TInput, TOutput>,
) {
  const { procedure, resolver } = stated(tier, row);
  return procedure.mutation(resolver);
}
