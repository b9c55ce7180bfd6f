import { formatterPerZone } from '@app/contracts';

/** Every part of the wall clock as numbers; "today" is asked on every task call, so the formatter is kept. */
const formatterFor = formatterPerZone({
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Milliseconds that the wall clock in `timeZone` is ahead of UTC at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The last day computed per zone, as UTC milliseconds: every task call in a day asks for the same one. */
const lastDays = new Map<string, { start: number; end: number }>();

/**
 * The calendar day containing `now` in `timeZone` (docs/product-rules.md#money-and-time: "today" is the day in
 * APP_TIMEZONE), as the UTC instants [start, end).
 */
export function dayRange(now: Date, timeZone: string): { start: Date; end: Date } {
  const instant = now.getTime();
  let day = lastDays.get(timeZone);
  if (!day || instant < day.start || instant >= day.end) {
    day = computeDay(instant, timeZone);
    lastDays.set(timeZone, day);
  }
  return { start: new Date(day.start), end: new Date(day.end) };
}

function computeDay(instant: number, timeZone: string): { start: number; end: number } {
  const local = new Date(instant + zoneOffset(instant, timeZone));
  const midnightAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight can differ from the one now where the zone changes its clocks that day.
  const start = midnightAsUtc - zoneOffset(midnightAsUtc - zoneOffset(midnightAsUtc, timeZone), timeZone);
  const nextMidnightAsUtc = midnightAsUtc + 24 * 60 * 60 * 1000;
  const end = nextMidnightAsUtc - zoneOffset(nextMidnightAsUtc - zoneOffset(nextMidnightAsUtc, timeZone), timeZone);
  return { start, end };
}
