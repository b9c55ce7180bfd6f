import { adminPopupSchema, okOutput, popupCreateInput, popupUpdateInput, recordIdInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { createPopup, deletePopup, listAllPopups, updatePopup } from '../popups/service';
import { adminCall, adminProcedure, mutation, okWhenDone, router } from '../trpc';
import { curatedTableRows } from './curated-rows';

export const adminPopupsRouter = router({
  ...curatedTableRows({
    path: '/admin/popups',
    row: adminPopupSchema,
    list: { summary: 'Every popup, on or off, newest first: the latest 1000, or one page', read: listAllPopups },
    create: { summary: 'Create a popup (HTML sanitized)', input: popupCreateInput, edit: createPopup },
    update: { summary: 'Edit a popup (HTML sanitized)', input: popupUpdateInput, edit: updatePopup },
  }),

  remove: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('DELETE', '/admin/popups/{id}', 'Delete a popup'),
    input: recordIdInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(deletePopup(ctx.db, input.id, actorOf(ctx))),
  }),
});
