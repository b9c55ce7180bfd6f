import { isAllowedPushEndpoint, PUSH_SUBSCRIPTIONS_PER_MEMBER, type PushSubscribeInput, pushRefusals } from '@app/contracts';
import type { Db } from '@app/db';
import { sql } from 'kysely';
import type { Context } from '../context';
import { badRequest } from '../lib/errors';

/** The first half of the per-member advisory lock (two int4 keys: a key space apart from the int8 locks). */
const PUSH_SUBSCRIBE_LOCK_CLASS = 7_336_101;

/**
 * Records that this browser receives the member's pushes (docs/architecture.md#web-push). An endpoint is a
 * browser's: subscribed again, by whoever is signed in there now, it moves to them with its new keys. Past
 * PUSH_SUBSCRIPTIONS_PER_MEMBER, the browsers used longest ago are dropped. Refused while push is off (no
 * VAPID key).
 */
export async function subscribePush(
  db: Db,
  push: Context['settings']['push'],
  subscriber: { userId: string; deviceId: string | null },
  input: PushSubscribeInput,
  now: Date,
): Promise<void> {
  if (push.publicKey === null) throw badRequest(pushRefusals.unavailable);
  if (!isAllowedPushEndpoint(input.endpoint, push.testEndpointOrigins)) throw badRequest(pushRefusals.endpointInvalid);
  await db.transaction().execute(async (trx) => {
    // One member's subscribes take turns: two at once would each count the other's row as not yet there and
    // keep more browsers than the cap.
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(PUSH_SUBSCRIBE_LOCK_CLASS)}, hashtext(${subscriber.userId}))`.execute(trx);
    const row = {
      userId: subscriber.userId,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      deviceId: subscriber.deviceId,
      createdAt: now,
    };
    await trx
      .insertInto('pushSubscriptions')
      .values({ ...row, endpoint: input.endpoint })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...row, lastUsedAt: null }))
      .execute();
    const kept = trx
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('userId', '=', subscriber.userId)
      .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
      .limit(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await trx.deleteFrom('pushSubscriptions').where('userId', '=', subscriber.userId).where('id', 'not in', kept).execute();
  });
}

/** Stops the pushes to one of the member's browsers; an endpoint they do not have changes nothing. */
export async function unsubscribePush(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Signing out on a browser ends its pushes: what the next person there is shown is not the member's. */
export async function unsubscribeDevice(db: Db, userId: string, deviceId: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).where('deviceId', '=', deviceId).execute();
}
