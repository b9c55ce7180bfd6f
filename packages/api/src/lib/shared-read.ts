import type { UserRow } from '@app/db';

type Reads = WeakMap<object, Map<string, Promise<unknown>>>;

/**
 * The read of `key` in `scope` that `reads` holds, else `read` started and held: until it settles
 * (`keepSettled` false), or for as long as the scope lives (true; a failed read is dropped, to be tried again).
 */
function heldRead<T>(reads: Reads, scope: object, key: string, read: () => Promise<T>, keepSettled: boolean): Promise<T> {
  let held = reads.get(scope);
  if (!held) {
    held = new Map();
    reads.set(scope, held);
  }
  const current = held.get(key) as Promise<T> | undefined;
  if (current) return current;
  const started = read();
  held.set(key, started);
  const release = () => {
    if (held.get(key) === started) held.delete(key);
  };
  if (keepSettled) started.catch(release);
  else started.then(release, release);
  return started;
}

const running: Reads = new WeakMap();

/**
 * Runs `read` unless the same read (same scope and key) is running already, whose answer the caller then
 * shares. Under a burst of identical requests (admins polling counts, fifty tabs on one queue) one read
 * serves them all instead of each queueing its own; a shared answer is at most one read's duration older
 * than the request. Only the running promise is kept: nothing outlives the read.
 */
export function shareWhileRunning<T>(scope: object, key: string, read: () => Promise<T>): Promise<T> {
  return heldRead(running, scope, key, read, false);
}

const perUserRow: Reads = new WeakMap();

/**
 * `read` once per user row and key (docs/architecture.md#prepared-answers), for reads of a member's own
 * records that change only together with their users row: every ledger row moves the cached balances and
 * the ledger head, and every VIP request sets or clears the pending flag, in the same transaction. The
 * session cache hands each request the same frozen row until that row changes (a change anywhere, or the
 * member's own write, replaces it), so a read kept with the row is exactly as fresh as the row itself.
 * Keys name whatever else the read depends on (the day, for today's count). A failed read is not kept.
 */
export function readOncePerUserRow<T>(user: UserRow, key: string, read: () => Promise<T>): Promise<T> {
  return heldRead(perUserRow, user, key, read, true);
}
