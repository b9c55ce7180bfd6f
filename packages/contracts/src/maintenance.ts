import { WEBSITE_STATUSES } from './site-status';
import { z } from './zod';

export const maintenanceStatusSchema = z
  .object({
    maintenance: z.boolean(),
    websiteStatus: z.enum(WEBSITE_STATUSES),
    message: z.string(),
    lastUpdated: z.string().nullable(),
  })
  .meta({ id: 'MaintenanceStatus' });
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;
