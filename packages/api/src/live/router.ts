import { hashToken } from '@app/auth';
import { liveEventsInput } from '@app/contracts';
import { tracked } from '@trpc/server';
import type { Context } from '../context';
import { panelUnlocked, publicProcedure, router } from '../trpc';
import type { Interest } from './hub';

/**
 * What a page may hear of, and until when: everyone the site's state; a member their own conversation and
 * notifications (and the end of their session, which closes the stream); an admin with the panel
 * unlocked every conversation and the queues, until the unlock runs out or the admin's own row changes
 * (a suspension), when the stream closes and the page's next one hears what the admin may hear then.
 */
function interestsOf(ctx: Context): { interests: Interest[]; endsInMs: number | null } {
  const interests: Interest[] = ['settings!whole'];
  if (!ctx.user || !ctx.sessionToken) return { interests, endsInMs: null };
  interests.push(`support:${ctx.user.id}`, `notifications:${ctx.user.id}`, 'notifications!whole', `session:${hashToken(ctx.sessionToken)}`);
  if (!ctx.user.isAdmin || !panelUnlocked(ctx) || !ctx.adminUnlockedUntil) return { interests, endsInMs: null };
  interests.push('support!all', 'queues!all', `user:${ctx.user.id}`);
  return { interests, endsInMs: ctx.adminUnlockedUntil.getTime() - ctx.now().getTime() };
}

export const liveRouter = router({
  /**
   * Server-sent events telling an open page which of its data changed (docs/architecture.md#live-updates).
   * tRPC sends the id of the last event the page had when it reconnects: from the same instance, and
   * while the changes since are kept, the page is sent the events it missed; otherwise the stream starts
   * with `resync` and the page reads everything live again.
   */
  events: publicProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const { interests, endsInMs } = interestsOf(ctx);
    const messages = ctx.live.stream(interests, signal ?? new AbortController().signal, input?.lastEventId, endsInMs);
    for await (const { id, event } of messages) yield tracked(id, event);
  }),
});
