const running = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `read` unless the same read (same scope and key) is running already, whose answer the caller then
 * shares. Under a burst of identical requests (admins polling counts, fifty tabs on one queue) one read
 * serves them all instead of each queueing its own; a shared answer is at most one read's duration older
 * than the request. Only the running promise is kept: nothing outlives the read.
 */
export function shareWhileRunning<T>(scope: object, key: string, read: () => Promise<T>): Promise<T> {
  let reads = running.get(scope);
  if (!reads) {
    reads = new Map();
    running.set(scope, reads);
  }
  const current = reads.get(key) as Promise<T> | undefined;
  if (current) return current;
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
