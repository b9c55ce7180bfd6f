import { setMaxListeners } from 'node:events';
import type { LiveEvent } from '@app/contracts';
import type { Change, ChangeFeed } from '@app/db';
import { describe, expect, it } from 'vitest';
import type { Interest } from '../src/live/events';
import { LiveHub } from '../src/live/hub';

/*
 * The live hub on its own (docs/architecture.md#live-updates): which events a page reconnecting with its last
 * event id is sent, and when it must read everything again instead. The feed is a stand-in the test drives.
 */

function fakeFeed() {
  let listener: (change: Change) => void = () => {};
  let statusListener: (live: boolean) => void = () => {};
  const feed = {
    live: true,
    subscribe: (next: (change: Change) => void) => {
      listener = next;
      return () => {};
    },
    onStatus: (next: (live: boolean) => void) => {
      statusListener = next;
      return () => {};
    },
  } as unknown as ChangeFeed;
  return { feed, emit: (change: Change) => listener(change), status: (live: boolean) => statusListener(live) };
}

const MEMBER: Interest[] = ['support:m1', 'notifications:m1', 'notifications!whole', 'settings!whole'];

/** The first `count` messages of a stream opened with `lastEventId`, then the stream is closed. */
async function firstMessages(hub: LiveHub, lastEventId: string | null, count: number, whileOpen?: () => void) {
  const controller = new AbortController();
  const got: { id: string; event: LiveEvent }[] = [];
  const stream = hub.stream(MEMBER, controller.signal, { lastEventId });
  const reading = (async () => {
    for await (const message of stream) {
      got.push(message);
      if (got.length === count) break;
    }
  })();
  whileOpen?.();
  await reading;
  controller.abort();
  return got;
}

/** An id the hub gave for an event, from a stream that heard `change`. */
async function idAfter(hub: LiveHub, emit: () => void): Promise<string> {
  const [, heard] = await firstMessages(hub, null, 2, emit);
  return heard!.id;
}

describe('a page reconnecting to the live hub', () => {
  it('is sent the events it listens to that it missed, in order, and no resync', async () => {
    const { feed, emit } = fakeFeed();
    const hub = new LiveHub(feed);
    const last = await idAfter(hub, () => emit({ topic: 'settings', key: null }));
    emit({ topic: 'support', key: 'someone-else' });
    emit({ topic: 'notifications', key: 'm1' });
    emit({ topic: 'support', key: 'm1' });
    const missed = await firstMessages(hub, last, 2);
    expect(missed.map((message) => message.event)).toEqual([
      { topic: 'notifications', userId: null },
      { topic: 'support', userId: 'm1' },
    ]);
    // Each id marks its place: resuming from the first of them is sent the second only.
    const fromFirst = await firstMessages(hub, missed[0]?.id ?? null, 1);
    expect(fromFirst.map((message) => message.event)).toEqual([{ topic: 'support', userId: 'm1' }]);
  });

  it('is given ids that do not count the changes of the site, and that cannot be made up', async () => {
    const { feed, emit } = fakeFeed();
    const hub = new LiveHub(feed);
    const early = await idAfter(hub, () => emit({ topic: 'settings', key: null }));
    for (let n = 0; n < 40; n++) emit({ topic: 'support', key: `member-${n}` });
    const late = await idAfter(hub, () => emit({ topic: 'settings', key: null }));
    const [instance, sealed] = late.split('-');
    expect(early.split('-')[0]).toBe(instance);
    expect(sealed).toMatch(/^[0-9a-f]{32}$/);
    // The plain numbers of those changes, and the late id with one digit changed, are not ids the hub gave.
    const flipped = `${instance}-${(sealed ?? '').replace(/^./, (digit) => (digit === '0' ? '1' : '0'))}`;
    emit({ topic: 'support', key: 'm1' });
    for (const madeUp of [`${instance}-2`, `${instance}-43`, flipped]) {
      expect((await firstMessages(hub, madeUp, 1))[0]?.event, madeUp).toEqual({ topic: 'resync', userId: null });
    }
    expect((await firstMessages(hub, late, 1))[0]?.event).toEqual({ topic: 'support', userId: 'm1' });
  });

  it('reads everything again after a gap in the feed, whatever its last event id', async () => {
    const { feed, emit, status } = fakeFeed();
    const hub = new LiveHub(feed);
    const last = await idAfter(hub, () => emit({ topic: 'settings', key: null }));
    status(false);
    status(true);
    emit({ topic: 'support', key: 'm1' });
    expect((await firstMessages(hub, last, 1))[0]?.event).toEqual({ topic: 'resync', userId: null });
  });

  it('reads everything again once the changes since its last event are no longer kept', async () => {
    const { feed, emit } = fakeFeed();
    const hub = new LiveHub(feed);
    const last = await idAfter(hub, () => emit({ topic: 'settings', key: null }));
    for (let n = 0; n < 5_000; n++) emit({ topic: 'support', key: `member-${n}` });
    expect((await firstMessages(hub, last, 1))[0]?.event).toEqual({ topic: 'resync', userId: null });
    // A page that had the latest event resumes all the same.
    const recent = await idAfter(hub, () => emit({ topic: 'settings', key: null }));
    emit({ topic: 'support', key: 'm1' });
    expect((await firstMessages(hub, recent, 1))[0]?.event).toEqual({ topic: 'support', userId: 'm1' });
  });
});

describe("a member's own row", () => {
  it("reaches that member's streams as `account`, never another member's, and ends an admin's stream", async () => {
    const { feed, emit } = fakeFeed();
    const hub = new LiveHub(feed);
    const controller = new AbortController();
    const heard = (interests: Interest[], ownRowEnds = false) => {
      const events: LiveEvent[] = [];
      const done = (async () => {
        for await (const { event } of hub.stream(interests, controller.signal, { ownRowEnds })) events.push(event);
      })();
      return { events, done };
    };
    const mine = heard([...MEMBER, 'user:m1']);
    const other = heard(['support:m2', 'notifications:m2', 'notifications!whole', 'settings!whole', 'user:m2']);
    const admin = heard(['settings!whole', 'user:a1', 'support!all'], true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A balance edit of m1 (its row) and its notice, then the admin's own row (a suspension).
    emit({ topic: 'user', key: 'm1', version: '7' });
    emit({ topic: 'notifications', key: 'm1' });
    emit({ topic: 'user', key: 'a1' });
    await admin.done;
    await new Promise((resolve) => setTimeout(resolve, 400));
    controller.abort();
    await Promise.all([mine.done, other.done]);
    expect(mine.events).toEqual([
      { topic: 'resync', userId: null },
      { topic: 'account', userId: null },
      { topic: 'notifications', userId: null },
    ]);
    expect(other.events).toEqual([{ topic: 'resync', userId: null }]);
    expect(admin.events).toEqual([{ topic: 'resync', userId: null }]);
  });
});

describe('a change every open page hears', () => {
  it('reaches the streams twenty at a time, with the event loop free for other work between turns', async () => {
    const { feed, emit } = fakeFeed();
    const hub = new LiveHub(feed);
    const controller = new AbortController();
    const streams = 1_000;
    setMaxListeners(streams, controller.signal);
    let heard = 0;
    /** How many streams had sent when work queued as the first one sent (setImmediate) got its turn. */
    let heardWhenOtherWorkRan: number | undefined;
    const everyone = Promise.all(
      Array.from({ length: streams }, async () => {
        for await (const { event } of hub.stream(['settings!whole'], controller.signal)) {
          if (event.topic !== 'site') continue;
          heard += 1;
          if (heard === 1) {
            setImmediate(() => {
              heardWhenOtherWorkRan = heard;
            });
          }
          return;
        }
      }),
    );
    // Every stream has sent its resync and waits: the change wakes them all at once, as on a live site.
    await new Promise((resolve) => setTimeout(resolve, 50));
    emit({ topic: 'settings', key: null });
    await everyone;
    expect(heard).toBe(streams);
    // It ran after the first turn's twenty and the next turn's: sent in one go (a timer each, as before),
    // nearly all of the thousand went first.
    expect(heardWhenOtherWorkRan).toBe(40);
    controller.abort();
  });
});
