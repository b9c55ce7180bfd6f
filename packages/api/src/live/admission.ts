import { LIVE_RETRY_AFTER_SECONDS, LIVE_STREAM_KINDS, type LiveStreamKind, messages } from '@app/contracts';
import { AppError } from '../lib/errors';

/** How many streams may be open at once (LIVE_STREAM_LIMITS, or the server's LIVE_STREAMS_* variables). */
export interface LiveStreamLimits {
  perAddressBlock: number;
  perAccount: number;
  perInstance: number;
}

/** Who asks for a stream: its kind, and what its streams are counted under (an address block or an account). */
export interface StreamHolder {
  kind: LiveStreamKind;
  key: string;
}

/** One admitted stream, counted until it is released. */
export interface StreamSlot {
  readonly kind: LiveStreamKind;
  /** Aborts when the stream is shed to make room for a signed-in one: the stream ends and its page comes back later. */
  readonly shed: AbortSignal;
  /** Gives the place back; once only, however often it is called (the stream's end and its response's close both do). */
  release(): void;
}

interface Slot extends StreamSlot {
  readonly key: string;
  readonly controller: AbortController;
}

/**
 * The caps on open streams (docs/architecture.md#live-updates), in memory: a stream lives on one instance.
 * A holder past its own cap is refused with 429; a full instance makes room for a signed-in stream by
 * shedding the oldest signed-out one, and refuses everything else with 503. Both refusals carry Retry-After.
 */
export class StreamAdmissions {
  /** Open signed-out streams, oldest first (a Set keeps the order of insertion): the first is shed first. */
  private readonly anonymous = new Set<Slot>();
  private readonly perHolder = new Map<string, number>();
  private readonly perKind = new Map<LiveStreamKind, number>(LIVE_STREAM_KINDS.map((kind) => [kind, 0]));
  private total = 0;

  constructor(private readonly limits: LiveStreamLimits) {}

  /** A place for one more stream of `holder`, or the AppError (429 or 503, with Retry-After) that refuses it. */
  admit(holder: StreamHolder): StreamSlot {
    const held = this.perHolder.get(holder.key) ?? 0;
    const holderLimit = holder.kind === 'anonymous' ? this.limits.perAddressBlock : this.limits.perAccount;
    if (held >= holderLimit) {
      throw new AppError('TOO_MANY_REQUESTS', messages.live.tooManyStreams, { retryAfterSeconds: LIVE_RETRY_AFTER_SECONDS });
    }
    if (this.total >= this.limits.perInstance) {
      const oldestAnonymous = holder.kind === 'anonymous' ? undefined : this.anonymous.values().next().value;
      if (!oldestAnonymous) {
        throw new AppError('SERVICE_UNAVAILABLE', messages.live.instanceFull, { retryAfterSeconds: LIVE_RETRY_AFTER_SECONDS });
      }
      oldestAnonymous.release();
      oldestAnonymous.controller.abort();
    }
    return this.take(holder);
  }

  /** Streams open now, by kind (GET /metrics). */
  openByKind(): ReadonlyMap<LiveStreamKind, number> {
    return this.perKind;
  }

  private take({ kind, key }: StreamHolder): Slot {
    const controller = new AbortController();
    let released = false;
    const slot: Slot = {
      kind,
      key,
      controller,
      shed: controller.signal,
      release: () => {
        if (released) return;
        released = true;
        this.count(slot, -1);
        this.anonymous.delete(slot);
      },
    };
    this.count(slot, 1);
    if (kind === 'anonymous') this.anonymous.add(slot);
    return slot;
  }

  private count({ kind, key }: Slot, by: 1 | -1): void {
    this.total += by;
    this.perKind.set(kind, (this.perKind.get(kind) ?? 0) + by);
    const held = (this.perHolder.get(key) ?? 0) + by;
    if (held === 0) this.perHolder.delete(key);
    else this.perHolder.set(key, held);
  }
}
