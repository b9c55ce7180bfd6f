import { z } from './zod';

/**
 * What the live stream tells an open page (docs/architecture.md#live-updates): which of its data changed,
 * never the data itself, which the page reads again through its usual calls (so every rule of those calls
 * applies). `account`, to a member's own streams only: their balances, pending amounts, payout hold or plan
 * changed. `resync`, the first event of a connection that cannot resume from the page's last event or first
 * read: what changed before the stream listened is unknown, so everything live is read again.
 */
const LIVE_TOPICS = ['site', 'support', 'notifications', 'account', 'queues', 'resync'] as const;

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

/**
 * Who holds an open stream (docs/architecture.md#live-updates): a signed-out visitor, a member, or an admin.
 * The caps and the metrics count streams by it.
 */
export const LIVE_STREAM_KINDS = ['anonymous', 'member', 'admin'] as const;
export type LiveStreamKind = (typeof LIVE_STREAM_KINDS)[number];

/**
 * How many streams may be open at once (docs/architecture.md#live-updates), unless the server's
 * LIVE_STREAMS_* variables say otherwise: from one address block while signed out (a household or an office
 * behind one address has a few tabs open), for one account (a member's or an admin's tabs and devices), and
 * on one instance in all (about 100 KB each (bench/RESULTS.md#live-streams-issue-36)).
 */
export const LIVE_STREAM_LIMITS = { perAddressBlock: 4, perAccount: 6, perInstance: 5_000 } as const;
