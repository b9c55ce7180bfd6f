import { messages } from './messages';
import { staffMessages } from './staff-messages';
import { memberText } from './text';
import { z } from './zod';

/** A record id from a path: any string (one that matches nothing is simply not found), bounded. */
export const recordId = z.string({ error: staffMessages.admin.idInvalid }).max(200, staffMessages.admin.idInvalid);

/** A call on one record named in its path: /.../{id}. */
export const recordIdInput = z.object({ id: recordId });

/** Half of a surrogate pair: no character at all, which UTF-8 (so PostgreSQL, and its json) cannot carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The refusal for a text PostgreSQL cannot hold as sent (a NUL, a lone surrogate), or null. The server
 * refuses such text anywhere in any call (packages/api/src/trpc.ts); `storable` puts the same rule on one
 * field, so that a form says so on the field before anything is sent.
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return messages.common.nulCharacter;
  return LONE_SURROGATE.test(text) ? messages.common.invalidCharacter : null;
}

/** A text schema that also refuses what `unstorableText` refuses, with its text. */
export function storable<Schema extends z.ZodString>(schema: Schema): Schema {
  return schema.superRefine((text, ctx) => {
    const refusal = unstorableText(text);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  });
}

/**
 * A reason an admin gives for an action: trimmed, optional, bounded, text PostgreSQL can hold. Members read
 * reasons (a suspension's, a payout hold's, a balance edit's), so they follow the rule of every text members
 * read (docs/product-rules.md#text-members-write): a reason of zero-width spaces alone is no reason.
 */
export const reasonInput = storable(
  memberText(staffMessages.admin.reasonTooLong, { multiline: true }).trim().max(500, staffMessages.admin.reasonTooLong),
);

/**
 * A reason an admin must give: it is shown to the member or kept in the admin log. Here rather than beside
 * the admin schemas so the commission editor's schema has it without bringing them along.
 */
export function requiredReason(required: string) {
  return storable(memberText(required, { multiline: true }).trim().min(1, required).max(500, staffMessages.admin.reasonTooLong));
}

/** The shape of an http(s) address; that it has a host is checked by parsing it. */
const HTTP_URL_PATTERN = /^https?:\/\/\S+$/;

/** What the OpenAPI document says of an address's text: HTTP_URL_PATTERN, with the spaces the inputs trim around it. */
export const HTTP_URL_DOCUMENT = {
  pattern: `^\\s*${HTTP_URL_PATTERN.source.slice(1, -1)}\\s*$`,
  description: 'An absolute http(s) address with a host.',
};

/**
 * An absolute http(s) address with a host, written with a lower-case scheme: the only links the product
 * stores (docs/product-rules.md#decided-rules). `javascript:`, `data:` and scheme-relative addresses are refused.
 */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL_PATTERN.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** A trimmed http(s) address of at most 2000 characters, refused with `message`. */
export function httpUrlInput(message: string) {
  return z.string({ error: message }).trim().max(2000, message).refine(isHttpUrl, message).meta(HTTP_URL_DOCUMENT);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An ISO 8601 date ("2026-06-01", midnight UTC) or date-time with its zone ("2026-06-01T08:00:00Z",
 * "...+08:00"), as a Date. A time without a zone is refused: the server could only guess whose clock it
 * means. Days that do not exist (Feb 31) and years before 1970 are refused rather than rolled over.
 */
export function isoDateInput(message: string) {
  return z
    .string({ error: message })
    .transform((text, ctx) => {
      const match = ISO_DATE.exec(text.trim());
      const date = new Date(text.trim());
      const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
      const calendarDay = new Date(Date.UTC(year, month - 1, day));
      const exists = calendarDay.getUTCMonth() === month - 1 && calendarDay.getUTCDate() === day;
      if (!match || Number.isNaN(date.getTime()) || !exists || year < 1970) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return date;
    })
    .meta({
      pattern: `^\\s*${ISO_DATE.source.slice(1, -1)}\\s*$`,
      description: 'A date ("2026-06-01", midnight UTC) or a date-time with its zone ("2026-06-01T08:00:00+08:00"), from 1970.',
    });
}
