import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, useIdlePrefetch } from '../src/lib/use-idle-prefetch';

/** Two loaders standing in for tabs' dynamic imports, counting their calls. */
function tabLoaders() {
  return [vi.fn(() => Promise.resolve({})), vi.fn(() => Promise.resolve({}))] as const;
}

describe('useIdlePrefetch (the admin panel fetching its other tabs’ code)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads nothing with the first screen, then every loader once the browser is idle, once', () => {
    let idle: (() => void) | undefined;
    const requestIdle = vi.fn((callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const loaders = tabLoaders();
    const { rerender } = renderHook(() => useIdlePrefetch(loaders));
    expect(loaders.map((load) => load.mock.calls.length)).toEqual([0, 0]);

    idle?.();
    rerender();
    expect(loaders.map((load) => load.mock.calls.length)).toEqual([1, 1]);
    expect(requestIdle).toHaveBeenCalledTimes(1);
  });

  it('waits a moment instead where the browser has no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const loaders = tabLoaders();
    renderHook(() => useIdlePrefetch(loaders));
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(loaders[0].mock.calls.length).toBe(0);
    vi.advanceTimersByTime(1);
    expect(loaders.map((load) => load.mock.calls.length)).toEqual([1, 1]);
  });

  it('loads nothing for a panel closed before the browser was idle', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const loaders = tabLoaders();
    const { unmount } = renderHook(() => useIdlePrefetch(loaders));
    unmount();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS * 2);
    expect(loaders[0].mock.calls.length).toBe(0);
  });
});
