import { siteConfigSchema } from '@app/contracts';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

/** What the web apps need to know of the server's configuration; nothing secret. */
export const siteRouter = router({
  config: publicProcedure
    .input(z.void())
    .output(siteConfigSchema)
    .query(({ ctx }) => ({
      adClientId: ctx.settings.adClientId ?? null,
      accountUrl: ctx.settings.accountUrl ?? null,
      taskViewSeconds: ctx.settings.taskViewSeconds,
    })),
});
