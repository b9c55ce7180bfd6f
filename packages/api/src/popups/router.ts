import { popupSchema } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, query, router } from '../trpc';
import { listActivePopups } from './service';

export const popupsRouter = router({
  active: query(memberProcedure, {
    openapi: { method: 'GET', path: '/popups/active', tags: ['popups'], summary: 'Popups active now, newest first', protect: true },
    input: z.void(),
    output: z.array(popupSchema),
    run: (ctx) => listActivePopups(ctx.db, ctx.now()),
  }),
});
