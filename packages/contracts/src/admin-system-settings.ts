import { reasonInput } from './inputs';
import { WEBSITE_STATUSES } from './site-status';
import { staffMessages } from './staff-messages';
import { gcashPayeeFields, gcashPayeeInput } from './vip-plans';
import { z } from './zod';

const m = staffMessages.admin;

const maintenanceFlag = z.boolean({ error: m.maintenanceInvalid });

/**
 * The maintenance controls: the panel sends `maintenance`, the maintenance page `enabled` with a
 * `websiteStatus` and a `reason`. Either name is accepted; both given must agree.
 */
/** The message members see while the site is closed. */
const maintenanceMessage = z
  .string({ error: m.maintenanceMessageRequired })
  .trim()
  .min(1, m.maintenanceMessageRequired)
  .max(500, m.maintenanceMessageTooLong);

export const adminMaintenanceInput = z
  .object({
    enabled: maintenanceFlag.optional(),
    maintenance: maintenanceFlag.optional(),
    websiteStatus: z.enum(WEBSITE_STATUSES, { error: m.websiteStatusInvalid }).optional(),
    reason: reasonInput.nullish(),
    /** What members see while the site is closed, set with the switch that closes it. */
    message: maintenanceMessage.optional(),
  })
  .refine(
    (input) => input.enabled === undefined || input.maintenance === undefined || input.enabled === input.maintenance,
    m.maintenanceConflict,
  )
  .refine(
    (input) => input.enabled !== undefined || input.maintenance !== undefined || input.websiteStatus !== undefined,
    m.maintenanceChoiceRequired,
  )
  .transform((input) => ({
    maintenance: input.maintenance ?? input.enabled,
    websiteStatus: input.websiteStatus,
    reason: input.reason || null,
    message: input.message,
  }));
export type AdminMaintenanceInput = z.output<typeof adminMaintenanceInput>;

export const adminMaintenanceOutput = z.object({
  maintenance: z.boolean(),
  websiteStatus: z.enum(WEBSITE_STATUSES),
  message: z.string(),
});

/** `maintenance` and `maintenanceMode` are the same flag under the names the two toggles read, so the settings carry both. */
const underBothToggleNames = <Flag extends z.ZodType>(flag: Flag) => ({ maintenance: flag, maintenanceMode: flag });

export const systemSettingsSchema = z
  .object({
    ...underBothToggleNames(z.boolean()),
    websiteStatus: z.enum(WEBSITE_STATUSES),
    /** What members see while the site is closed. */
    message: z.string(),
    lastUpdated: z.string().nullable(),
    /** Members cannot pay for a VIP plan by G-CASH while it is unset. */
    ...gcashPayeeFields,
  })
  .meta({ id: 'SystemSettings' });
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const systemSettingsInput = z
  .object({
    ...underBothToggleNames(maintenanceFlag.optional()),
    message: maintenanceMessage.optional(),
    gcashNumber: gcashPayeeInput.shape.gcashNumber.optional(),
    gcashName: gcashPayeeInput.shape.gcashName.optional(),
  })
  .refine(
    (input) => input.maintenance === undefined || input.maintenanceMode === undefined || input.maintenance === input.maintenanceMode,
    m.maintenanceConflict,
  )
  .refine(
    (input) =>
      input.maintenance !== undefined ||
      input.maintenanceMode !== undefined ||
      input.message !== undefined ||
      input.gcashNumber !== undefined ||
      input.gcashName !== undefined,
    m.settingsChoiceRequired,
  )
  .transform((input) => ({
    maintenance: input.maintenance ?? input.maintenanceMode,
    message: input.message,
    gcashNumber: input.gcashNumber,
    gcashName: input.gcashName,
  }));
export type SystemSettingsInput = z.output<typeof systemSettingsInput>;
