import { formatDateIn, formatDateTimeIn, type Language } from '@app/contracts';

/**
 * When a message arrived, on the product's clock (docs/product-rules.md#money-and-time) and as the member's
 * language writes it: "2:05 PM" today, "Mar 3, 2026, 2:05 PM" on any other day, so a conversation that
 * spans days stays readable without repeating today's date on every line.
 */
export function formatMessageTime(language: Language, value: string, now = new Date()): string {
  const dated = formatDateTimeIn(language, value);
  const today = formatDateIn(language, now);
  return dated.startsWith(`${today}, `) ? dated.slice(today.length + 2) : dated;
}
