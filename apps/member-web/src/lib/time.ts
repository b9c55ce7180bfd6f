import { formatDate } from '@app/contracts';

/** The product's clock (docs/product-rules.md#money-and-time, APP_TIMEZONE), the zone formatDate shows dates in too. */
const TIME_ZONE = 'Asia/Manila';

const clock = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/**
 * When a message arrived: "2:05 PM" today, "Mar 3, 2026, 2:05 PM" on any other day, so a conversation
 * that spans days stays readable without repeating today's date on every line.
 */
export function formatMessageTime(value: string, now = new Date()): string {
  const time = clock.format(new Date(value));
  const day = formatDate(value, TIME_ZONE);
  return day === formatDate(now, TIME_ZONE) ? time : `${day}, ${time}`;
}
