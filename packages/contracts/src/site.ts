import { z } from './zod';

export const siteConfigSchema = z
  .object({
    /** The ad network's client id; without it ad slots render nothing and load nothing. */
    adClientId: z.string().nullable(),
    /** The identity provider's account page, linked from Profile when configured. */
    accountUrl: z.string().nullable(),
    /** How long a task must be viewed (TASK_VIEW_SECONDS). */
    taskViewSeconds: z.number().int(),
  })
  .meta({ id: 'SiteConfig' });
