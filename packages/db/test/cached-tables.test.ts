import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CACHED_TABLES, cachedTableWrittenBy, readersOf } from '../src/cached-tables';
import { databaseOfFile } from './database-of-file';

/**
 * The tables whose changes reach no cache: their triggers feed the live streams only (a member's bell), which
 * read the rows again rather than keep them.
 */
const NOTIFIED_FOR_LIVE_STREAMS_ONLY = ['notification_reads', 'notifications'];

const handle = databaseOfFile();

/** The tables with a trigger that notifies their changes, at once or queued (migrations 0010 to 0025), as the database's catalog has them. */
async function tablesWithChangeTriggers(): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    SELECT DISTINCT c.relname AS table
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE NOT t.tgisinternal AND p.prosrc ~ '(app_changes|queued_changes)'
    ORDER BY 1
  `.execute(handle.db);
  return rows.map((row) => row.table);
}

describe('the cached tables (docs/architecture.md#caches)', () => {
  it('are exactly the tables whose triggers notify their changes, but for the live streams’ own', async () => {
    const notified = await tablesWithChangeTriggers();
    expect(notified).toEqual(expect.arrayContaining(NOTIFIED_FOR_LIVE_STREAMS_ONLY));
    expect(notified.filter((table) => !NOTIFIED_FOR_LIVE_STREAMS_ONLY.includes(table))).toEqual(Object.keys(CACHED_TABLES).sort());
  });

  it('are found in kysely’s spelling and in raw SQL alike', () => {
    expect(readersOf('vipPlans')).toBe('shared');
    expect(readersOf('account_clusters')).toBe('admin-list');
    expect(readersOf('notifications')).toBeUndefined();
    expect(cachedTableWrittenBy('UPDATE "account_clusters" SET cluster_id = $1')).toBe('account_clusters');
    expect(cachedTableWrittenBy('insert into support_messages (body) values ($1)')).toBe('support_messages');
    expect(cachedTableWrittenBy('DELETE FROM notifications WHERE id = $1')).toBeUndefined();
  });
});
