import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSecondsLeft } from '../src/components/earning/use-seconds-left';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-30T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the viewing countdown', () => {
  it('starts at the full viewing time however long the page was open before Start Viewing', () => {
    const { result, rerender } = renderHook(({ endsAt }) => useSecondsLeft(endsAt), {
      initialProps: { endsAt: null as number | null },
    });
    expect(result.current).toBeNull();

    vi.setSystemTime(Date.now() + 45_000);
    rerender({ endsAt: Date.now() + 20_000 });
    expect(result.current).toBe(20);

    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(15);
  });

  it('ends on time when the browser slowed its timers, and stays at zero', () => {
    const endsAt = Date.now() + 20_000;
    const { result } = renderHook(() => useSecondsLeft(endsAt));

    // A background tab: the clock moved 30 s while the page ran one tick.
    vi.setSystemTime(Date.now() + 30_000);
    act(() => vi.advanceTimersByTime(250));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(0);
  });
});
