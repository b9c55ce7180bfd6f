/**
 * The zone dates are shown in where a caller names none: the product's clock (docs/product-rules.md, "today"
 * is the day in APP_TIMEZONE, whose default this is).
 */
export const DISPLAY_TIME_ZONE = 'Asia/Manila';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Date formatting with the given options, one formatter kept per time zone: building an Intl formatter
 * costs far more than formatting with it, and a list formats every row.
 */
export function formatterPerZone(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const partFormatter = formatterPerZone({
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The calendar and clock parts of a moment in a time zone, or null for an invalid date. */
function partsIn(value: string | Date, timeZone: string): Record<string, string> | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return partFormatter(timeZone)
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
}

const dayOf = (parts: Record<string, string>) => `${MONTHS[Number(parts.month) - 1]} ${parts.day}, ${parts.year}`;
const timeOf = (parts: Record<string, string>) => `${parts.hour}:${parts.minute} ${parts.dayPeriod}`;

/** 'MMM d, yyyy' in the given time zone (docs/product-rules.md#constants-and-limits), e.g. "Nov 22, 2026". */
export function formatDate(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const parts = partsIn(value, timeZone);
  return parts ? dayOf(parts) : '';
}

/** The time of day in the given time zone, e.g. "3:05 PM". */
export function formatTimeOfDay(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const parts = partsIn(value, timeZone);
  return parts ? timeOf(parts) : '';
}

/** The date and the time of day in the given time zone, e.g. "Nov 22, 2026, 3:05 PM": for events of a day. */
export function formatDateTime(value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const parts = partsIn(value, timeZone);
  return parts ? `${dayOf(parts)}, ${timeOf(parts)}` : '';
}

/** "pending" -> "Pending" (docs/screens.md#states). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "approve_vip" -> "Approve Vip" (docs/screens.md#admin-screens, activity logs). */
export function titleCase(snake: string): string {
  return snake.split('_').filter(Boolean).map(capitalize).join(' ');
}

/**
 * Initials for the avatar: of the names the member gave (one name, one letter), else the e-mail's first two
 * letters, else "US". A member greeted "Juan" is never shown as "BA" of bago@example.com.
 */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined): string {
  const names = [user?.firstName?.trim(), user?.lastName?.trim()].filter((name): name is string => Boolean(name));
  if (names.length > 0)
    return names
      .map((name) => [...name][0])
      .join('')
      .toUpperCase();
  const email = user?.email?.trim();
  if (email && email.length >= 2) return email.slice(0, 2).toUpperCase();
  return 'US';
}

/** A wait in whole minutes, rounded up and never zero: "1 minute", "14 minutes". */
export function formatMinutes(milliseconds: number): string {
  const minutes = Math.max(1, Math.ceil(milliseconds / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * A typical wait in words people use, rounded to the unit that reads naturally: "about 45 minutes",
 * "about 6 hours", "about 2 days".
 */
export function formatApproxDuration(seconds: number): string {
  const { count, unit } = approxDuration(seconds);
  return `about ${pluralize(count, unit)}`;
}

/** A duration rounded to the unit that reads best (minutes under 90, hours under 36, else days), for any language. */
export function approxDuration(seconds: number): { count: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 90) return { count: minutes, unit: 'minute' };
  const hours = Math.round(seconds / 3600);
  if (hours < 36) return { count: hours, unit: 'hour' };
  return { count: Math.round(seconds / 86_400), unit: 'day' };
}

/**
 * Counts with thousands separators; toLocaleString would build a formatter on every call. Built at the
 * first count, not as a page's script is evaluated: the first formatter of a page costs it milliseconds.
 */
let countFormat: Intl.NumberFormat | undefined;

/** "1 account", "3 accounts", "1,200 accounts": a count with its noun in the right number. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  countFormat ??= new Intl.NumberFormat('en-US');
  return `${countFormat.format(count)} ${count === 1 ? singular : plural}`;
}
