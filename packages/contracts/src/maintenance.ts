import { z } from 'zod';

export const WEBSITE_STATUSES = ['on', 'off'] as const;

export const maintenanceStatusSchema = z.object({
  maintenance: z.boolean(),
  websiteStatus: z.enum(WEBSITE_STATUSES),
  message: z.string(),
  lastUpdated: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** The member-facing site is closed when maintenance is on or the website is switched off. */
export function isSiteClosed(status: Pick<MaintenanceStatus, 'maintenance' | 'websiteStatus'>): boolean {
  return status.maintenance || status.websiteStatus === 'off';
}
