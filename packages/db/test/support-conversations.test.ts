import { sql, type Updateable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertUser, type SupportMessagesTable } from '../src';
import { databaseOfFile } from './database-of-file';

/**
 * support_conversations (migration 0014) against what it summarizes: after any writes to a member's
 * messages, their row holds the latest message (created_at, then id) and the count of the member's
 * messages no admin has read, and a member without messages has no row.
 */
describe('support conversation summaries', () => {
  const handle = databaseOfFile();

  /** The summary as kept, and as computed from the messages now. */
  async function both(userId: string) {
    const db = handle.db;
    const kept = await db
      .selectFrom('supportConversations')
      .select(['lastMessageId', 'lastMessage', 'lastAt', 'unread'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    const latest = await db
      .selectFrom('supportMessages')
      .select(['id', 'message', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const { unread } = await db
      .selectFrom('supportMessages')
      .select((eb) => eb.fn.countAll<number>().as('unread'))
      .where('userId', '=', userId)
      .where('isUserMessage', '=', true)
      .where('readByAdminAt', 'is', null)
      .executeTakeFirstOrThrow();
    const computed = latest && { lastMessageId: latest.id, lastMessage: latest.message, lastAt: latest.createdAt, unread: Number(unread) };
    return { kept, computed };
  }

  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

  it('follows inserts, reads, edits and deletions', async () => {
    const db = handle.db;
    const member = await insertUser(db, { email: 'inbox-summary@example.com' });
    const add = (message: string, seconds: number, isUserMessage = true, id?: string) =>
      db
        .insertInto('supportMessages')
        .values({ ...(id ? { id } : {}), userId: member.id, message, isUserMessage, createdAt: at(seconds) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const edit = (id: string, values: Updateable<SupportMessagesTable>) =>
      db.updateTable('supportMessages').set(values).where('id', '=', id).execute();
    const check = async () => {
      const { kept, computed } = await both(member.id);
      expect(kept).toEqual(computed);
    };

    await check();
    await add('first', 10);
    await check();
    // An older message, arriving late, is not the latest.
    await add('older', 5);
    await check();
    // Same instant: the greater id is the latest.
    await add('tie low', 20, true, '00000000-0000-0000-0000-000000000001');
    await add('tie high', 20, true, 'ffffffff-0000-0000-0000-000000000001');
    await check();
    const reply = await add('reply', 30, false);
    await check();
    // The member reading the reply changes nothing the inbox shows.
    await edit(reply.id, { readByUserAt: at(31) });
    await check();
    // An admin reads everything.
    await db
      .updateTable('supportMessages')
      .set({ readByAdminAt: at(40) })
      .where('userId', '=', member.id)
      .where('isUserMessage', '=', true)
      .execute();
    await check();
    await add('again', 50);
    await check();
    // The latest is edited, moved back in time, then deleted; the latest of the rest takes its place.
    const latest = await add('latest', 60);
    await edit(latest.id, { message: 'edited' });
    await check();
    await edit(latest.id, { createdAt: at(1) });
    await check();
    await db.deleteFrom('supportMessages').where('id', '=', reply.id).execute();
    await check();
    // Unread again, then every message deleted: no row.
    await db.updateTable('supportMessages').set({ readByAdminAt: null }).where('userId', '=', member.id).execute();
    await check();
    await db.deleteFrom('supportMessages').where('userId', '=', member.id).execute();
    expect(await both(member.id)).toEqual({ kept: undefined, computed: undefined });
    await add('back', 70);
    await check();
    await db.deleteFrom('users').where('id', '=', member.id).execute();
    expect(await db.selectFrom('supportConversations').selectAll().where('userId', '=', member.id).execute()).toEqual([]);
  });

  it('counts exactly while members write and an admin reads at once', async () => {
    const db = handle.db;
    const member = await insertUser(db, { email: 'inbox-race@example.com' });
    const write = (index: number) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('supportMessages')
          .values({ userId: member.id, message: `m${index}`, isUserMessage: true })
          .execute();
        await sql`SELECT pg_sleep(0.005)`.execute(trx);
      });
    const read = () =>
      db
        .updateTable('supportMessages')
        .set({ readByAdminAt: new Date() })
        .where('userId', '=', member.id)
        .where('isUserMessage', '=', true)
        .where('readByAdminAt', 'is', null)
        .execute();
    await Promise.all([...Array.from({ length: 12 }, (_, index) => write(index)), read(), read(), read()]);
    const { kept, computed } = await both(member.id);
    expect(kept).toEqual(computed);
  });
});
