import type { AppMeta, AppRouter, Context } from '@app/api';
import { getTRPCErrorShape, type TRPCError } from '@trpc/server';

/**
 * tRPC's internals, read in this one place (docs/architecture.md#batched-queries): the router's procedures
 * with their kind, metadata and input parsers, each callable as tRPC's own server-side caller calls it, and
 * the router's error shape. The batch handler (trpc/register.ts), the REST adapter and its OpenAPI document
 * (rest/), the rate limits and the metrics read them here, never through `_def`: a tRPC upgrade that changes
 * them breaks this file, and the tests that compare our answers with tRPC's own say how (apps/server/test/
 * trpc-batch.test.ts: the batch handler against tRPC's adapter; contract.test.ts: every documented path).
 */
export interface RouterProcedure {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: AppMeta | undefined;
  /** The input parsers, in the order the procedure chains them; none when it takes no input. */
  inputs: readonly unknown[];
  /** The procedure as tRPC built it, for what packages/api reads of it (its access tier: tierFactsOf). */
  built: { _def: { middlewares: unknown[] } };
  /** Runs the procedure with `input` (not yet parsed) for `ctx`, as tRPC's server-side caller does. */
  call(options: { ctx: Context; input: unknown; batchIndex?: number }): Promise<unknown>;
}

/** A procedure as tRPC's build makes it: its definition, and the function its own callers invoke. */
type BuiltProcedure = {
  _def: { type: 'query' | 'mutation' | 'subscription'; meta?: AppMeta; inputs: unknown[]; middlewares: unknown[] };
  (options: {
    ctx: Context;
    path: string;
    type: 'query' | 'mutation';
    getRawInput: () => Promise<unknown>;
    signal: undefined;
    batchIndex?: number;
  }): Promise<unknown>;
};

const tables = new WeakMap<AppRouter, ReadonlyMap<string, RouterProcedure>>();

/** Every procedure of the router by its path ('tasks.start'), read once per router. */
export function routerProcedures(router: AppRouter): ReadonlyMap<string, RouterProcedure> {
  const known = tables.get(router);
  if (known) return known;
  const built = router._def.procedures as unknown as Record<string, BuiltProcedure>;
  const table = new Map(
    Object.entries(built).map(([path, procedure]): [string, RouterProcedure] => {
      const { type, meta, inputs } = procedure._def;
      const callType = type === 'query' ? 'query' : 'mutation';
      return [
        path,
        {
          path,
          type,
          meta,
          inputs,
          built: procedure,
          call: ({ ctx, input, batchIndex }) =>
            procedure({ ctx, path, type: callType, getRawInput: async () => input, signal: undefined, batchIndex }),
        },
      ];
    }),
  );
  tables.set(router, table);
  return table;
}

/** An error as the router's error formatter shapes it in tRPC's envelope (status included, apps/api's formatter). */
export function routerErrorShape(
  router: AppRouter,
  options: { error: TRPCError; ctx: Context | undefined; input: unknown; path: string | undefined; type: 'query' | 'mutation' | 'unknown' },
) {
  return getTRPCErrorShape({ config: router._def._config, ...options });
}
