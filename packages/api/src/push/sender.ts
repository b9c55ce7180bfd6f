import { isAllowedPushEndpoint, type PushPayload } from '@app/contracts';
import type { Db } from '@app/db';
import PgBoss from 'pg-boss';
import webpush from 'web-push';
import { PUSH_QUEUE, type PushJob, type SqlExecutor } from './queue';

/** The site's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) and its contact (VAPID_SUBJECT). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A new VAPID key pair, for a development run without configured keys. */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();

/**
 * What one attempt came to: sent, the push service says the browser is gone, given up (refused, never
 * retried), nothing to send (skipped: the browser or the account went meanwhile), or failed and retried later.
 */
const DELIVERY_OUTCOMES = ['sent', 'gone', 'refused', 'skipped', 'retried'] as const;
type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** This instance's attempts by outcome since it started (GET /metrics). */
export type PushDeliveryCounts = Record<DeliveryOutcome, number>;
export const newPushDeliveryCounts = (): PushDeliveryCounts =>
  Object.fromEntries(DELIVERY_OUTCOMES.map((outcome) => [outcome, 0])) as PushDeliveryCounts;

export interface PushQueueOptions {
  /** How pg-boss reaches the database (DbHandle.executeSql): the app's own connections, PGlite or PostgreSQL. */
  sql: SqlExecutor;
  db: Db;
  vapid: VapidKeys;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Origins allowed beside the push services, for a test's own endpoint; never set from the environment. */
  testEndpointOrigins?: readonly string[];
  /** The first retry's wait; each next one waits twice as long (pg-boss's backoff). */
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  /** Counted with each attempt's outcome (metrics). */
  counts?: PushDeliveryCounts;
}

/** How long a push service keeps a push for a phone that is offline: a money notice a day late is still news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service answering slower than this is retried later rather than holding the worker. */
const SEND_TIMEOUT_MS = 10_000;
const RETRY_LIMIT = 5;

/** A push service's answer that a later attempt may change (429, 5xx, no answer): the job is retried. */
class RetryableDelivery extends Error {}

/**
 * Sends a push to one browser with web-push's encryption (aes128gcm) and VAPID headers. The request is made
 * here, without following redirects, so an endpoint cannot send the server anywhere the rule did not allow.
 */
async function deliver(options: PushQueueOptions, job: PushJob): Promise<Exclude<DeliveryOutcome, 'retried'>> {
  const subscription = await options.db
    .selectFrom('pushSubscriptions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 'u.accountStatus'])
    .where('s.id', '=', job.subscriptionId)
    .executeTakeFirst();
  if (!subscription || subscription.accountStatus === 'banned') return 'skipped';
  if (!isAllowedPushEndpoint(subscription.endpoint, options.testEndpointOrigins)) {
    await options.db.deleteFrom('pushSubscriptions').where('id', '=', subscription.id).execute();
    return 'refused';
  }
  const payload: PushPayload = { title: job.title, body: job.body, url: job.url };
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: options.vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
    );
  } catch {
    // Keys that are no point on the curve: nothing can ever be encrypted for this browser.
    await options.db.deleteFrom('pushSubscriptions').where('id', '=', subscription.id).execute();
    return 'refused';
  }
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: new Uint8Array(request.body ?? []),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    throw new RetryableDelivery('the push service did not answer');
  }
  if (status === 404 || status === 410) {
    await options.db.deleteFrom('pushSubscriptions').where('id', '=', subscription.id).execute();
    return 'gone';
  }
  if (status >= 200 && status < 300) {
    await options.db.updateTable('pushSubscriptions').set({ lastUsedAt: new Date() }).where('id', '=', subscription.id).execute();
    return 'sent';
  }
  if (status === 429 || status >= 500) throw new RetryableDelivery(`the push service answered ${status}`);
  // Another 4xx (a payload or VAPID header it refuses) answers the same every time.
  options.log.warn({ subscriptionId: subscription.id, status }, 'the push service refused a push');
  return 'refused';
}

/**
 * Starts this instance's push worker on pg-boss (docs/decisions.md#web-push-queue): it creates or migrates
 * pg-boss's tables, then takes jobs as any instance may; pg-boss hands each job to one worker
 * (SELECT ... FOR UPDATE SKIP LOCKED). A failed delivery is retried with a backoff; its error names only the
 * status, never a key.
 */
export async function startPushQueue(options: PushQueueOptions): Promise<{ stop(): Promise<void> }> {
  const boss = new PgBoss({ db: options.sql, schedule: false });
  boss.on('error', (error) => options.log.error({ err: error }, 'push queue'));
  await boss.start();
  const queue = {
    name: PUSH_QUEUE,
    retryLimit: RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: 60,
  };
  await boss.createQueue(PUSH_QUEUE, queue);
  await boss.updateQueue(PUSH_QUEUE, queue);
  await boss.work<PushJob>(PUSH_QUEUE, { batchSize: 10, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async (jobs) => {
    const failed: string[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        try {
          const outcome = await deliver(options, job.data);
          if (options.counts) options.counts[outcome] += 1;
        } catch (error) {
          failed.push(job.id);
          if (options.counts) options.counts.retried += 1;
          options.log.warn(
            { subscriptionId: job.data.subscriptionId, reason: (error as Error).message },
            'push not delivered, retried later',
          );
        }
      }),
    );
    // The batch's other jobs complete when this returns; a failed one is already failed, so it stays failed.
    if (failed.length) await boss.fail(PUSH_QUEUE, failed);
  });
  return { stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}
