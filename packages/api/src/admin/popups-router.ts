import { adminPopupSchema, listOrPageInput, okOutput, popupCreateInput, popupUpdateInput, recordIdInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { ADMIN_LIST_SIZES, answerListOrPage, listOrPage } from '../lib/paging';
import { createPopup, deletePopup, listAllPopups, updatePopup } from '../popups/service';
import { adminProcedure, router } from '../trpc';

const popups = listOrPage(adminPopupSchema);

export const adminPopupsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/popups',
        tags: ['admin'],
        summary: 'Every popup, on or off, newest first: the latest 1000, or one page',
        protect: true,
      },
    })
    .input(listOrPageInput)
    .output(popups.output)
    .query(({ ctx, input }) => answerListOrPage(ctx, input, listAllPopups(ctx.db), ADMIN_LIST_SIZES)),

  create: adminProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/popups', tags: ['admin'], summary: 'Create a popup (HTML sanitized)', protect: true },
    })
    .input(popupCreateInput)
    .output(adminPopupSchema)
    .mutation(({ ctx, input }) => createPopup(ctx.db, input, actorOf(ctx), ctx.now())),

  update: adminProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: { method: 'PUT', path: '/admin/popups/{id}', tags: ['admin'], summary: 'Edit a popup (HTML sanitized)', protect: true },
    })
    .input(popupUpdateInput)
    .output(adminPopupSchema)
    .mutation(({ ctx, input }) => updatePopup(ctx.db, input, actorOf(ctx), ctx.now())),

  remove: adminProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: { method: 'DELETE', path: '/admin/popups/{id}', tags: ['admin'], summary: 'Delete a popup', protect: true },
    })
    .input(recordIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deletePopup(ctx.db, input.id, actorOf(ctx));
      return { ok: true as const };
    }),
});
