import { adminPopupSchema, okOutput, popupCreateInput, popupUpdateInput, recordIdInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { ADMIN_LIST_SIZES, answeringListOrPage, listOrPage } from '../lib/paging';
import { createPopup, deletePopup, listAllPopups, updatePopup } from '../popups/service';
import { adminCall, adminProcedure, mutation, okWhenDone, query, router } from '../trpc';

const popups = listOrPage(adminPopupSchema);

export const adminPopupsRouter = router({
  list: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/popups', 'Every popup, on or off, newest first: the latest 1000, or one page'),
    ...answeringListOrPage(popups, (ctx) => listAllPopups(ctx.db), ADMIN_LIST_SIZES),
  }),

  create: mutation(adminProcedure, {
    openapi: adminCall('POST', '/admin/popups', 'Create a popup (HTML sanitized)'),
    input: popupCreateInput,
    output: adminPopupSchema,
    run: (ctx, input) => createPopup(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  update: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('PUT', '/admin/popups/{id}', 'Edit a popup (HTML sanitized)'),
    input: popupUpdateInput,
    output: adminPopupSchema,
    run: (ctx, input) => updatePopup(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  remove: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('DELETE', '/admin/popups/{id}', 'Delete a popup'),
    input: recordIdInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(deletePopup(ctx.db, input.id, actorOf(ctx))),
  }),
});
