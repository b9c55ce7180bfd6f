import type { Db } from '@app/db';
import type { z } from 'zod';
import { type AdminActor, actorOf } from '../admin-log/service';
import { ADMIN_LIST_SIZES, answeringListOrPage, listOrPage, type PagedList } from '../lib/paging';
import { adminCall, adminProcedure, mutation, query } from '../trpc';

/** A logged admin edit of one row: the service's create or update, answering the row as it now is. */
type Edit<TInput extends z.ZodType, TRow extends z.ZodType> = (
  db: Db,
  input: z.output<TInput>,
  actor: AdminActor,
  now: Date,
) => Promise<z.input<TRow>>;

/** One of a curated table's calls: its documented summary, and the input and service it hands over. */
interface EditCall<TInput extends z.ZodType, TRow extends z.ZodType> {
  summary: string;
  input: TInput;
  edit: Edit<TInput, TRow>;
}

/**
 * The admin rows of a table admins curate row by row and see whole (the tasks and the popups): the list at
 * `path`, answered whole or by the page, then create at `path` and edit at `path/{id}`, each one logged
 * service call answering the row. They keep the table form of docs/architecture.md#files-of-an-api-domain:
 * each row still names its path, tier, schemas and call, and a router adds its own rows beside them.
 */
export function curatedTableRows<TRow extends z.ZodType<object>, TCreate extends z.ZodType, TUpdate extends z.ZodType>(table: {
  path: `/admin/${string}`;
  row: TRow;
  list: { summary: string; read: (db: Db) => PagedList<z.input<TRow>, { total: number }> };
  create: EditCall<TCreate, TRow>;
  update: EditCall<TUpdate, TRow>;
}) {
  const { path, row, list, create, update } = table;
  return {
    list: query(adminProcedure, {
      openapi: adminCall('GET', path, list.summary),
      ...answeringListOrPage(listOrPage(row), (ctx) => list.read(ctx.db), ADMIN_LIST_SIZES),
    }),

    create: mutation(adminProcedure, {
      openapi: adminCall('POST', path, create.summary),
      input: create.input,
      output: row,
      run: (ctx, input) => create.edit(ctx.db, input, actorOf(ctx), ctx.now()),
    }),

    update: mutation(adminProcedure, {
      refusals: ['NOT_FOUND'],
      openapi: adminCall('PUT', `${path}/{id}`, update.summary),
      input: update.input,
      output: row,
      run: (ctx, input) => update.edit(ctx.db, input, actorOf(ctx), ctx.now()),
    }),
  };
}
