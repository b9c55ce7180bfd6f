import { testUser } from '@app/testkit/fixtures';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, setupTrpcServer } from './app-harness';

/**
 * The polling fallback of docs/architecture.md#live-updates: while no live stream is connected (the browser
 * has no EventSource, or the stream fails) the open chat, the maintenance check and the notification bell
 * poll; while one is connected, none of them does.
 */
const { answerWith, inputsOf } = setupTrpcServer();

const POLLED = ['support.messages', 'maintenance.status', 'notifications.list'] as const;

/**
 * A stand-in for the browser's EventSource: the first `refusals` it opens fail for good, as a browser's does
 * on a 429 or 503 (an error with the source closed); the next answers as the server does when a stream
 * opens (tRPC's `connected` event). `opened` has the (fake) time each was opened at.
 */
function fakeEventSource(refusals: number) {
  return class FakeEventSource extends EventTarget {
    static readonly opened: number[] = [];
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSED = 2;
    readyState = 0;
    constructor(readonly url: string) {
      super();
      const connects = FakeEventSource.opened.push(Date.now()) > refusals;
      setTimeout(() => {
        if (this.readyState === this.CLOSED) return;
        if (connects) {
          this.readyState = this.OPEN;
          this.dispatchEvent(new MessageEvent('connected', { data: '{}' }));
        } else {
          this.readyState = this.CLOSED;
          this.dispatchEvent(new Event('error'));
        }
      }, 10);
    }
    close() {
      this.readyState = this.CLOSED;
    }
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Opens the chat on a signed-in page, then lets a minute and a bit pass; returns how often each was asked for again. */
async function callsInAMinute(): Promise<Record<(typeof POLLED)[number], number>> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  answerWith({ 'auth.user': () => ({ data: testUser() }) });
  renderAt('/payouts');
  await user.click(await screen.findByRole('button', { name: /^Open support chat/ }));
  await screen.findByRole('region', { name: 'Live Support' });
  await vi.advanceTimersByTimeAsync(1_000);
  const before = POLLED.map((path) => inputsOf(path).length);
  await vi.advanceTimersByTimeAsync(61_000);
  return Object.fromEntries(POLLED.map((path, index) => [path, inputsOf(path).length - (before[index] ?? 0)])) as Record<
    (typeof POLLED)[number],
    number
  >;
}

describe('polling while no live stream is connected', () => {
  it.each([
    ['where the browser has no EventSource', undefined],
    ['where the live stream fails', fakeEventSource(Number.POSITIVE_INFINITY)],
  ])('polls the chat, the maintenance check and the bell %s', async (_where, eventSource) => {
    vi.stubGlobal('EventSource', eventSource);
    const calls = await callsInAMinute();
    expect(calls['support.messages']).toBeGreaterThanOrEqual(5);
    expect(calls['maintenance.status']).toBeGreaterThanOrEqual(1);
    expect(calls['notifications.list']).toBeGreaterThanOrEqual(1);
  });

  it('polls none of them while the live stream is connected', async () => {
    vi.stubGlobal('EventSource', fakeEventSource(0));
    const calls = await callsInAMinute();
    expect(calls).toEqual({ 'support.messages': 0, 'maintenance.status': 0, 'notifications.list': 0 });
  });

  it('asks for a refused stream again after Retry-After, then twice that, and stops polling once it connects', async () => {
    const eventSource = fakeEventSource(2);
    vi.stubGlobal('EventSource', eventSource);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerWith({ 'auth.user': () => ({ data: testUser() }) });
    renderAt('/payouts');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(eventSource.opened).toHaveLength(1);
    // 30 s, spread by a quarter either way; then 60 s, spread the same.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(eventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(eventSource.opened).toHaveLength(2);
    const [first = 0, second = 0] = eventSource.opened;
    expect(second - first).toBeGreaterThanOrEqual(22_500);
    await vi.advanceTimersByTimeAsync(80_000);
    expect(eventSource.opened).toHaveLength(3);
    expect((eventSource.opened[2] ?? 0) - second).toBeGreaterThanOrEqual(45_000);
    const polled = inputsOf('maintenance.status').length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(eventSource.opened).toHaveLength(3);
    expect(inputsOf('maintenance.status').length).toBe(polled);
  });
});
