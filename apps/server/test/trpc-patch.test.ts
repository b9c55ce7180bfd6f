import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The patch of @trpc/server's object-spread helper (docs/decisions.md#the-trpc-patch): that it is the build
 * in use, and that what tRPC builds with the helper (a context through middlewares, merged metadata, a
 * procedure's definition, input merged from several parsers) comes out as the unpatched helper made it.
 */
const serverDist = path.join(path.dirname(createRequire(import.meta.url).resolve('@trpc/server')), '..', 'dist');

describe("the patch of tRPC's object-spread helper", () => {
  it('is in the installed build', () => {
    const helper = readFileSync(path.join(serverDist, readdirOne(serverDist, /^getErrorShape-.*\.mjs$/)), 'utf8');
    expect(helper).toContain('for (var r = 1; r < arguments.length; r++) e = { ...e, ...arguments[r] };');
  });

  it('leaves what tRPC builds with it as it was: contexts, metadata, definitions and merged input', async () => {
    const t = initTRPC.context<{ base: string; shadowed: string }>().meta<{ tags?: string[]; area?: string }>().create();
    const seen: unknown[] = [];
    const procedure = t.procedure
      .meta({ area: 'members' })
      .use(({ next }) => next({ ctx: { added: 1, shadowed: 'by the middleware' } }))
      .use(({ ctx, next }) => next({ ctx: { again: ctx.added + 1 } }))
      .input(z.object({ first: z.string() }))
      .input(z.object({ second: z.number() }))
      .meta({ tags: ['money'] })
      .query(({ ctx, input }) => {
        seen.push(ctx, input);
        return 'answered';
      });
    const router = t.router({ read: procedure });
    const caller = t.createCallerFactory(router)({ base: 'context', shadowed: 'by the context' });

    expect(await caller.read({ first: 'a', second: 2 })).toBe('answered');
    expect(seen).toEqual([
      { base: 'context', shadowed: 'by the middleware', added: 1, again: 2 },
      { first: 'a', second: 2 },
    ]);
    expect(router._def.procedures.read._def.meta).toEqual({ area: 'members', tags: ['money'] });
    expect(router._def.procedures.read._def.type).toBe('query');
    // A key named __proto__ stays a plain property, never the object's prototype.
    const polluted = await t
      .createCallerFactory(t.router({ read: t.procedure.query(({ ctx }) => ctx) }))(
        JSON.parse('{"__proto__":{"isAdmin":true},"base":"context","shadowed":"x"}'),
      )
      .read();
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect((polluted as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });
});

function readdirOne(dir: string, name: RegExp): string {
  const found = readdirSync(dir).filter((file) => name.test(file));
  expect(found).toHaveLength(1);
  return found[0] as string;
}
