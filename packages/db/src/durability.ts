import { sql } from 'kysely';

/**
 * A condition, always true, that lets the transaction of the statement it is in commit without waiting for
 * its WAL to reach the disk: `synchronous_commit` off for that one transaction (docs/architecture.md#durability).
 * Only for rows whose loss in a database crash costs nobody money, such as a task view's start: the member
 * starts again. A later commit that waits (any money change) flushes everything written before it, so a
 * credit can never outlive the start it credits.
 */
export const commitWithoutWaitingForDisk = sql<boolean>`set_config('synchronous_commit', 'off', true) = 'off'`;
