import { z } from 'zod';

/**
 * What the live stream tells an open page (docs/architecture.md#live-updates): which of its data changed,
 * never the data itself, which the page reads again through its usual calls (so every rule of those calls
 * applies). `resync`, the first event of every connection: changes made before the stream listened were not kept;
 * everything live is read again.
 */
const LIVE_TOPICS = ['site', 'support', 'notifications', 'queues', 'resync'] as const;

const liveEventSchema = z.object({
  topic: z.enum(LIVE_TOPICS),
  /** For `support` seen by an admin: whose conversation changed. */
  userId: z.string().nullable(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The subscription's input: tRPC fills lastEventId in when it reconnects, and the stream resumes after it where it can. */
export const liveEventsInput = z.strictObject({ lastEventId: z.string().max(100).nullish() }).optional();

/** How often the server sends a ping on an open stream, and after how long without one the page reconnects. */
export const LIVE_PING_MS = 10_000;
export const LIVE_RECONNECT_AFTER_MS = 25_000;
