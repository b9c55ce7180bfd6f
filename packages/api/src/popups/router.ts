import { popupSchema } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, router } from '../trpc';
import { listActivePopups } from './service';

export const popupsRouter = router({
  active: memberProcedure
    .meta({
      openapi: { method: 'GET', path: '/popups/active', tags: ['popups'], summary: 'Popups active now, newest first', protect: true },
    })
    .input(z.void())
    .output(z.array(popupSchema))
    .query(({ ctx }) => listActivePopups(ctx.db, ctx.now())),
});
