import { hashToken } from '@app/auth';
import { liveEventsInput } from '@app/contracts';
import { tracked } from '@trpc/server';
import type { Context } from '../context';
import { panelUnlocked, publicProcedure, router } from '../trpc';
import type { Interest } from './hub';

/**
 * What a page may hear of: everyone the site's state; a member their own conversation and
 * notifications (and the end of their session, which closes the stream); an admin with the panel
 * unlocked every conversation and the queues.
 */
function interestsOf(ctx: Context): Interest[] {
  const interests: Interest[] = ['settings!whole'];
  if (!ctx.user || !ctx.sessionToken) return interests;
  interests.push(`support:${ctx.user.id}`, `notifications:${ctx.user.id}`, 'notifications!whole', `session:${hashToken(ctx.sessionToken)}`);
  if (ctx.user.isAdmin && panelUnlocked(ctx)) interests.push('support!all', 'queues!all');
  return interests;
}

export const liveRouter = router({
  /**
   * Server-sent events telling an open page which of its data changed (docs/architecture.md#live-updates).
   * Every connection, the first one as well as a reconnect with or without the last event id (tRPC
   * sends one only after a tracked event arrived), starts with `resync`: changes made before the stream
   * listened were not kept, so the page reads everything live again. The id the client sends back is
   * therefore accepted but not needed.
   */
  events: publicProcedure.input(liveEventsInput).subscription(async function* ({ ctx, signal }) {
    let sent = 0;
    const id = () => `${ctx.live.instance}-${++sent}`;
    for await (const event of ctx.live.stream(interestsOf(ctx), signal ?? new AbortController().signal)) {
      yield tracked(id(), event);
    }
  }),
});
