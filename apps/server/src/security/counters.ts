import type { AttemptCounter } from '@app/api';
import { countRateLimitHit, forgiveRateLimitHit, purgeEndedRateLimits, type RateLimitCount } from '@app/auth';
import type { Db } from '@app/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';

const REDIS_CONNECT_WAIT_MS = 2000;
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Fixed-window counters shared by every instance: the rate limits and the wrong-password lockouts both
 * count here, in PostgreSQL's rate_limits table, or in Redis with REDIS_URL.
 */
export interface CounterStore {
  /** Counts a hit under `key`; concurrent hits on any instance are all counted. */
  count(key: string, windowMs: number): Promise<RateLimitCount>;
  /** Takes one hit back from the key's current window, never below zero. */
  forgive(key: string): Promise<void>;
}

function postgresCounters(db: Db): CounterStore {
  return {
    count: (key, windowMs) => countRateLimitHit(db, key, windowMs),
    forgive: (key) => forgiveRateLimitHit(db, key),
  };
}

/** Takes a hit back only while the window lasts and only above zero, in one step. */
const FORGIVE_SCRIPT = `local hits = tonumber(redis.call('GET', KEYS[1]))
if hits and hits > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The same fixed windows in Redis, under `keyPrefix`: one MULTI starts the window if there is none,
 * counts the hit and reads what is left of the window, so concurrent hits on any instance are all counted.
 */
function redisCounters(redis: Redis, keyPrefix: string): CounterStore {
  return {
    async count(key, windowMs) {
      const redisKey = `${keyPrefix}${key}`;
      const replies = await redis.multi().set(redisKey, 0, 'PX', windowMs, 'NX').incr(redisKey).pttl(redisKey).exec();
      const failed = replies?.find(([error]) => error)?.[0];
      if (!replies || failed) throw failed ?? new Error('Redis discarded the rate-limit transaction');
      return { hits: Number(replies[1]?.[1]), resetAt: new Date(Date.now() + Number(replies[2]?.[1])) };
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, `${keyPrefix}${key}`);
    },
  };
}

/**
 * Ended windows are deleted now and then, so the table holds about one window's callers, however many
 * addresses have called over time. Any instance may purge; purging twice is harmless.
 */
function purgeEndedWindows(app: FastifyInstance, db: Db): void {
  const timer = setInterval(() => {
    purgeEndedRateLimits(db).catch((error) => app.log.warn({ err: error }, 'ended rate-limit windows could not be purged'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Redis for the counters when REDIS_URL is set, its connection named after the key prefix. Commands
 * fail at once while the connection is down (no offline queue) and give up after a second, so an outage
 * never holds requests; the outage and the recovery are logged once each, not at every reconnection.
 * ioredis loads only here: a start without Redis does not spend the time.
 */
async function connectRedis(app: FastifyInstance, url: string, keyPrefix: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectionName: keyPrefix, enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (error) => {
    if (down) return;
    down = true;
    app.log.error({ err: error }, 'Redis for rate limits is unreachable');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('Redis for rate limits is reachable again');
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Counting starts with the first request when Redis answers; a Redis that is down delays the start
  // this long at most and never stops it.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** The counters of this configuration: Redis with REDIS_URL, else PostgreSQL (whose ended windows are purged). */
export async function createCounterStore(app: FastifyInstance, config: Config, db: Db): Promise<CounterStore> {
  if (config.REDIS_URL) return redisCounters(await connectRedis(app, config.REDIS_URL, config.REDIS_KEY_PREFIX), config.REDIS_KEY_PREFIX);
  purgeEndedWindows(app, db);
  return postgresCounters(db);
}

/**
 * The wrong-password counters the procedures use, failing open as the rate limits do: a store outage
 * lets the attempt through uncounted (the password is still checked) and is logged.
 */
export function attemptCounter(app: FastifyInstance, counters: CounterStore): AttemptCounter {
  return {
    async count(key, windowMs) {
      try {
        const { hits, resetAt } = await counters.count(key, windowMs);
        return { hits, windowLeftMs: Math.max(0, resetAt.getTime() - Date.now()) };
      } catch (error) {
        app.log.error({ err: error, key }, 'attempt counter unavailable; the attempt was let through uncounted');
        return { hits: 0, windowLeftMs: windowMs };
      }
    },
    async forgive(key) {
      try {
        await counters.forgive(key);
      } catch (error) {
        app.log.error({ err: error, key }, 'attempt counter unavailable; an attempt could not be taken back');
      }
    },
  };
}
