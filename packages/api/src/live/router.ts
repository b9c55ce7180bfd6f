import { liveEventsInput } from '@app/contracts';
import { publicProcedure, router } from '../trpc';
import { liveEvents } from './service';

/** The live stream's procedure, which the server admits before tRPC answers it (apps/server/src/trpc/register.ts). */
export const LIVE_EVENTS_PROCEDURE = 'live.events';

export const liveRouter = router({
  /** Server-sent events telling an open page which of its data changed (live/service.ts). */
  events: publicProcedure.input(liveEventsInput).subscription(({ ctx, input, signal }) => liveEvents(ctx, input, signal)),
});
