import { DISPLAY_TIME_ZONE, formatTimeOfDay } from './format';
import { intlLocale, type Language } from './language';
import type { Centavos } from './money';

/**
 * Numbers, money and dates as a member reads them in their language (docs/architecture.md#two-languages):
 * Intl with en-PH or fil-PH, in the site's time zone. One formatter per language and zone, made once.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** "Nov 22, 2026" in English, "Nob 22, 2026" in Filipino. */
export function formatDateIn(language: Language, value: string | Date, timeZone = DISPLAY_TIME_ZONE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const locale = intlLocale(language);
  return formatter(
    `date ${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone }),
  ).format(date);
}

/** "₱1,234.50": pesos from integer centavos, grouped as the language groups them. */
export function formatPesosIn(language: Language, centavos: Centavos): string {
  const locale = intlLocale(language);
  return formatter(`pesos ${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'PHP' })).format(centavos / 100);
}

/** "Nov 22, 2026, 3:05 PM" (with seconds: "3:05:09 PM"), on the product's clock, as the language writes it. */
export function formatDateTimeIn(language: Language, value: string | Date, withSeconds = false, timeZone = DISPLAY_TIME_ZONE): string {
  const day = formatDateIn(language, value, timeZone);
  if (!day) return '';
  const locale = intlLocale(language);
  const time = formatter(
    `time ${locale} ${timeZone} ${withSeconds}`,
    () => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...(withSeconds && { second: '2-digit' }), timeZone }),
  );
  return `${day}, ${time.format(typeof value === 'string' ? new Date(value) : value)}`;
}

/** A request's date and time as the member's language writes the date: "Nov 22, 2026, 3:05 PM". */
export function requestTime(language: Language, value: string): string {
  return `${formatDateIn(language, value)}, ${formatTimeOfDay(value)}`;
}
