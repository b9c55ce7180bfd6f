import { popupSchema } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, query, restEntries, router } from '../trpc';
import { listActivePopups } from './service';

const rest = restEntries('popups');

export const popupsRouter = router({
  active: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/popups/active', 'Popups active now, newest first'),
    output: z.array(popupSchema),
    run: (ctx) => listActivePopups(ctx.db, ctx.now()),
  }),
});
