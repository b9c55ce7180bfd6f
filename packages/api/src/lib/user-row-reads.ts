import type { UserRow } from '@app/db';

const reads = new WeakMap<UserRow, Map<string, Promise<unknown>>>();

/**
 * `read` once per user row and key (docs/architecture.md#prepared-answers), for reads of a member's own
 * records that change only together with their users row: every ledger row moves the cached balances and
 * the ledger head, and every VIP request sets or clears the pending flag, in the same transaction. The
 * session cache hands each request the same frozen row until that row changes (a change anywhere, or the
 * member's own write, replaces it), so a read kept with the row is exactly as fresh as the row itself.
 * Keys name whatever else the read depends on (the day, for today's count). A failed read is not kept.
 */
export function readOncePerUserRow<T>(user: UserRow, key: string, read: () => Promise<T>): Promise<T> {
  let kept = reads.get(user);
  if (!kept) {
    kept = new Map();
    reads.set(user, kept);
  }
  const found = kept.get(key) as Promise<T> | undefined;
  if (found) return found;
  const started = read();
  kept.set(key, started);
  started.catch(() => {
    if (kept.get(key) === started) kept.delete(key);
  });
  return started;
}
