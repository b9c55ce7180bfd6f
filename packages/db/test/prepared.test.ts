import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertUser, preparedStatement, runInWriteScope, type WriteScope } from '../src';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

describe('preparedStatement', () => {
  it('builds a statement once and runs it with each call’s own arguments', async () => {
    let builds = 0;
    const names = preparedStatement((db, args: { prefix: string; limit: number }) => {
      builds += 1;
      return db
        .selectFrom('vipPlans')
        .select(['id', 'price'])
        .where('id', 'like', sql<string>`${args.prefix} || '%'`)
        .orderBy('price')
        .limit(args.limit);
    });
    expect(await names(handle.db, { prefix: 'VIP3', limit: 5 })).toEqual([{ id: 'VIP300', price: 30_000 }]);
    expect(await names(handle.db, { prefix: 'VIP', limit: 2 })).toEqual([
      { id: 'VIP300', price: 30_000 },
      { id: 'VIP400', price: 40_000 },
    ]);
    expect(builds).toBe(1);
  });

  it('compiles each shape once, and a shape’s choice stays its own', async () => {
    const shapes: string[] = [];
    const price = preparedStatement((db, args: { id: string }, shape: 'price' | 'limit') => {
      shapes.push(shape);
      return db
        .selectFrom('vipPlans')
        .select(shape === 'price' ? 'price as value' : 'dailyTaskLimit as value')
        .where('id', '=', args.id);
    });
    expect(await price(handle.db, { id: 'VIP500' }, 'price')).toEqual([{ value: 50_000 }]);
    expect(await price(handle.db, { id: 'VIP500' }, 'limit')).toEqual([{ value: 10 }]);
    expect(await price(handle.db, { id: 'VIP400' }, 'price')).toEqual([{ value: 40_000 }]);
    expect(shapes).toEqual(['price', 'limit']);
  });

  it('refuses a statement that computed with a stand-in instead of putting it in the SQL', async () => {
    const concatenated = preparedStatement((db, args: { title: string }) =>
      db.selectFrom('tasks').select('id').where('title', '=', `Task: ${args.title}`),
    );
    await expect(concatenated(handle.db, { title: 'x' })).rejects.toThrow(/computed with/);
    const counted = preparedStatement((db, args: { seconds: number }) =>
      db.selectFrom('tasks').select('id').where('reward', '=', Math.floor(args.seconds)),
    );
    await expect(counted(handle.db, { seconds: 3.5 })).rejects.toThrow(/computed with/);
    const chosen = preparedStatement((db, args: { active: boolean }) => db.selectFrom('tasks').select(args.active ? 'id' : 'title'));
    await expect(chosen(handle.db, { active: false })).rejects.toThrow(/read but not put/);
  });

  it('notes a write on the request that runs it, every time, as a statement kysely compiles is', async () => {
    const user = await insertUser(handle.db, { email: 'prepared@example.com', firstName: 'Pre', lastName: 'Pared' });
    const rename = preparedStatement((db, args: { id: string; firstName: string }) =>
      db.updateTable('users').set({ firstName: args.firstName }).where('id', '=', args.id).returning('firstName'),
    );
    for (const firstName of ['Once', 'Twice']) {
      const scope: WriteScope = { wroteOwn: false, wroteShared: false };
      const rows = await runInWriteScope(scope, () => rename(handle.db, { id: user.id, firstName }));
      expect(rows).toEqual([{ firstName }]);
      expect(scope).toMatchObject({ wroteOwn: true, wroteShared: false, queuedChanges: true });
    }
  });
});
