import { hashToken } from '@app/auth';
import { addressBlock, LIVE_RETRY_AFTER_SECONDS, type liveEventsInput, messages } from '@app/contracts';
import { tracked } from '@trpc/server';
import type { z } from 'zod';
import { panelUnlocked } from '../access/service';
import type { Context } from '../context';
import { AppError } from '../lib/errors';
import type { StreamHolder, StreamSlot } from './admission';
import type { Interest } from './events';

/**
 * What a page may hear of, and until when: everyone the site's state; a member their own conversation,
 * notifications and row (their money and standing: docs/product-rules.md#notices-of-money), and the end of
 * their session, which closes the stream; an admin with the panel unlocked every conversation and the
 * queues, until the unlock runs out or the admin's own row changes (a suspension), when the stream closes and
 * the page's next one hears what the admin may hear then.
 */
function interestsOf(ctx: Context): { interests: Interest[]; endsInMs: number | null; ownRowEnds: boolean } {
  const interests: Interest[] = ['settings!whole'];
  if (!ctx.user || !ctx.sessionToken) return { interests, endsInMs: null, ownRowEnds: false };
  interests.push(
    `support:${ctx.user.id}`,
    `notifications:${ctx.user.id}`,
    'notifications!whole',
    `session:${hashToken(ctx.sessionToken)}`,
    `user:${ctx.user.id}`,
  );
  if (!ctx.user.isAdmin || !panelUnlocked(ctx) || !ctx.adminUnlockedUntil) return { interests, endsInMs: null, ownRowEnds: false };
  interests.push('support!all', 'queues!all');
  return { interests, endsInMs: ctx.adminUnlockedUntil.getTime() - ctx.now().getTime(), ownRowEnds: true };
}

/** Whose streams a new one counts among: a signed-in account's, else the visitor's address block's. */
function holderOf(ctx: Context): StreamHolder {
  if (!ctx.user || !ctx.sessionToken) return { kind: 'anonymous', key: `block:${addressBlock(ctx.req.ip)}` };
  return { kind: ctx.user.isAdmin ? 'admin' : 'member', key: `user:${ctx.user.id}` };
}

/**
 * A place for the request's stream under the caps (docs/architecture.md#live-updates), or the AppError
 * (429 or 503, with Retry-After) that refuses it. The server asks before the stream's answer starts, so a
 * refusal goes out as that status: once tRPC has started an event stream, an error is only an event in it.
 */
export function admitLiveStream(ctx: Context): StreamSlot {
  return ctx.live.admissions.admit(holderOf(ctx));
}

/**
 * Server-sent events telling an open page which of its data changed (docs/architecture.md#live-updates).
 * tRPC sends the id of the last event the page had when it reconnects: from the same instance, and
 * while the changes since are kept, the page is sent the events it missed; otherwise the stream starts
 * with `resync` and the page reads everything live again.
 */
export async function* liveEvents(ctx: Context, input: z.output<typeof liveEventsInput>, signal: AbortSignal | undefined) {
  const { interests, endsInMs, ownRowEnds } = interestsOf(ctx);
  // Admitted by the server before the answer started; a caller that skipped that is admitted here.
  const slot = ctx.liveSlot ?? admitLiveStream(ctx);
  try {
    const ends = signal ? AbortSignal.any([signal, slot.shed]) : slot.shed;
    for await (const { id, event } of ctx.live.stream(interests, ends, { lastEventId: input?.lastEventId, endsInMs, ownRowEnds }))
      yield tracked(id, event);
  } finally {
    slot.release();
  }
  // Shed for a signed-in stream: an error tRPC's client reconnects after, later, to a resync or what it missed.
  if (slot.shed.aborted) {
    throw new AppError('SERVICE_UNAVAILABLE', messages.live.instanceFull, { retryAfterSeconds: LIVE_RETRY_AFTER_SECONDS });
  }
}
