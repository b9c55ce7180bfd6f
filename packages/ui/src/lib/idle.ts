/** Runs `task` once the browser is idle (within IDLE_WAIT_MS), or soon where it cannot tell. */
export function whenIdle(task: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const handle = setTimeout(task, 0);
  return { cancel: () => clearTimeout(handle) };
}

const IDLE_WAIT_MS = 3_000;
