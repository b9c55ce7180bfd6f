import type { Db } from '@app/db';
import { sql } from 'kysely';
import { rareTraits, SIGNAL_LINKS_READ } from './clusters';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sign-ins of one address block around a member's first one that are read to find the accounts made there. */
const BLOCK_SIGN_INS_READ = 1000;
/** Payouts to one destination around a member's own that are read to find the accounts paying out together. */
const DESTINATION_PAYOUTS_READ = 500;

interface Event {
  userId: string;
  at: Date;
}

/**
 * The most accounts with an event within one 24-hour window that holds one of `userId`'s own events: how
 * many accounts were made, or paid out, together with this one. A best window can always start at an event.
 */
function mostWithinADay(events: readonly Event[], userId: string): number {
  const times = events.map((event) => ({ userId: event.userId, at: event.at.getTime() })).sort((a, b) => a.at - b.at);
  const own = times.filter((event) => event.userId === userId).map((event) => event.at);
  let most = 0;
  for (const start of times) {
    const end = start.at + DAY_MS;
    if (!own.some((at) => at >= start.at && at <= end)) continue;
    most = Math.max(most, new Set(times.filter((event) => event.at >= start.at && event.at <= end).map((event) => event.userId)).size);
  }
  return most;
}

/** Groups events by a value (a device, a destination) and gives each value's count of mostWithinADay. */
function togetherBy(rows: readonly (Event & { value: string })[], userId: string): Map<string, number> {
  const byValue = new Map<string, Event[]>();
  for (const row of rows) byValue.set(row.value, [...(byValue.get(row.value) ?? []), row]);
  return new Map([...byValue].map(([value, events]) => [value, mostWithinADay(events, userId)]));
}

/**
 * Velocity: how many accounts were made together with this one, and paid out together with it. An
 * account is made at its first sign-in. Made from one device: accounts holding the device id or rare browser
 * traits the member had within a day of being made, each also holding it within a day of its own making, made
 * within 24 hours of each other. From one address: accounts whose first sign-in was from the block of the
 * member's first. Paying out together: accounts requesting payouts to one of the member's destinations
 * within 24 hours of each other and of one of the member's own requests to it.
 */
export async function velocityOf(db: Db, userId: string) {
  const [byDevice, byAddress, byDestination] = await Promise.all([
    sql<Event & { value: string }>`
      WITH made AS (SELECT min(created_at) AS at FROM sign_ins WHERE user_id = ${userId})
      SELECT mine.kind || ':' || mine.value AS value, other.user_id, other.at
      FROM made, account_signals mine
      CROSS JOIN LATERAL (
        SELECT o.user_id, first.at FROM account_signals o
        CROSS JOIN LATERAL (SELECT min(created_at) AS at FROM sign_ins WHERE user_id = o.user_id) first
        WHERE o.kind = mine.kind AND o.value = mine.value
          AND first.at BETWEEN made.at - interval '24 hours' AND made.at + interval '24 hours'
          AND o.first_seen_at <= first.at + interval '24 hours'
        LIMIT ${SIGNAL_LINKS_READ}
      ) other
      WHERE mine.user_id = ${userId} AND mine.kind IN ('device', 'traits') AND mine.first_seen_at <= made.at + interval '24 hours'
        AND (mine.kind <> 'traits' OR ${rareTraits(sql.ref('mine.value'))})
    `.execute(db),
    sql<Event>`
      WITH made AS (SELECT address_block, created_at AS at FROM sign_ins WHERE user_id = ${userId} ORDER BY created_at, id LIMIT 1)
      SELECT s.user_id, min(s.created_at) AS at
      FROM made CROSS JOIN LATERAL (
        SELECT user_id, created_at FROM sign_ins
        WHERE address_block = made.address_block AND created_at BETWEEN made.at - interval '24 hours' AND made.at + interval '24 hours'
        ORDER BY created_at LIMIT ${BLOCK_SIGN_INS_READ}
      ) s
      WHERE NOT EXISTS (SELECT 1 FROM sign_ins earlier WHERE earlier.user_id = s.user_id AND earlier.created_at < s.created_at)
      GROUP BY s.user_id
      LIMIT ${SIGNAL_LINKS_READ}
    `.execute(db),
    sql<Event & { value: string }>`
      SELECT mine.destination AS value, p.user_id, p.created_at AS at
      FROM (
        SELECT destination, min(created_at) AS first, max(created_at) AS last FROM payouts
        WHERE user_id = ${userId} AND destination IS NOT NULL GROUP BY destination
      ) mine
      CROSS JOIN LATERAL (
        SELECT user_id, created_at FROM payouts
        WHERE destination = mine.destination AND created_at BETWEEN mine.first - interval '24 hours' AND mine.last + interval '24 hours'
        ORDER BY created_at LIMIT ${DESTINATION_PAYOUTS_READ}
      ) p
    `.execute(db),
  ]);
  return {
    fromDevice: Math.max(0, ...togetherBy(byDevice.rows, userId).values()),
    fromAddress: mostWithinADay(byAddress.rows, userId),
    toDestinations: togetherBy(byDestination.rows, userId),
  };
}
