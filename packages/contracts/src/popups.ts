import { activeFlag, recordUpdateInput } from './admin-inputs';
import { POPUP_MAX_SECONDS, POPUP_MIN_SECONDS } from './constants';
import { HTTP_URL_DOCUMENT, isHttpUrl, isoDateInput } from './inputs';
import { messages } from './messages';
import { recordTimestamps } from './record-fields';
import { z } from './zod';

/**
 * A popup as members get it while it is active (docs/product-rules.md#decided-rules). `content` is HTML that was
 * sanitized when an admin saved it; `duration` is how many seconds it stays open.
 */
export const popupSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    content: z.string(),
    url: z.string().nullable(),
    duration: z.number().int(),
  })
  .meta({ id: 'Popup' });
export type Popup = z.infer<typeof popupSchema>;

/** A popup as admins manage it, with its switch and its window (no end date: no end). */
export const adminPopupSchema = popupSchema
  .extend({
    isActive: z.boolean(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    ...recordTimestamps,
  })
  .meta({ id: 'AdminPopup' });
export type AdminPopup = z.infer<typeof adminPopupSchema>;

const pm = messages.popups;

/** The popup form's rules (docs/product-rules.md#validation), each with its spec text. */
const popupFields = {
  title: z.string({ error: pm.titleShort }).trim().min(3, pm.titleShort).max(200, pm.titleTooLong),
  description: z.string({ error: pm.descriptionTooLong }).trim().max(1000, pm.descriptionTooLong),
  /** HTML; the server sanitizes it and checks the rule again on what is left. */
  content: z.string({ error: pm.contentShort }).trim().min(5, pm.contentShort).max(20_000, pm.contentTooLong),
  /** Optional: blank or null means no link. */
  url: z
    .string({ error: pm.urlInvalid })
    .trim()
    .max(2000, pm.urlInvalid)
    .refine((url) => url === '' || isHttpUrl(url), pm.urlInvalid)
    .meta({ pattern: `^\\s*$|${HTTP_URL_DOCUMENT.pattern}`, description: `${HTTP_URL_DOCUMENT.description} Blank for none.` })
    .nullable()
    .transform((url) => url || null),
  duration: z
    .union([z.number(), z.string()], { error: pm.durationInvalid })
    .transform((value, ctx) => {
      const seconds = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      const message = !Number.isInteger(seconds)
        ? pm.durationInvalid
        : seconds < POPUP_MIN_SECONDS
          ? pm.durationShort
          : seconds > POPUP_MAX_SECONDS
            ? pm.durationLong
            : null;
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return seconds;
    })
    .meta({
      anyOf: [
        { type: 'integer', minimum: POPUP_MIN_SECONDS, maximum: POPUP_MAX_SECONDS },
        { type: 'string', pattern: '^\\s*\\d+\\s*$' },
      ],
      description: `Seconds, ${POPUP_MIN_SECONDS} to ${POPUP_MAX_SECONDS}, as a number or digits.`,
    }),
  isActive: activeFlag,
  startDate: isoDateInput(pm.dateInvalid),
  endDate: isoDateInput(pm.dateInvalid).nullable(),
};

/** A new popup; the server fills in duration 30, active, and a start of now (docs/product-rules.md#validation). */
export const popupCreateInput = z.object({
  title: popupFields.title,
  description: popupFields.description.optional(),
  content: popupFields.content,
  url: popupFields.url.optional(),
  duration: popupFields.duration.optional(),
  isActive: popupFields.isActive.optional(),
  startDate: popupFields.startDate.optional(),
  endDate: popupFields.endDate.optional(),
});
export type PopupCreateInput = z.output<typeof popupCreateInput>;

/** The same fields as create, each optional: what is omitted keeps its saved value. */
export const popupUpdateInput = recordUpdateInput(popupFields);
export type PopupUpdateInput = z.output<typeof popupUpdateInput>;
