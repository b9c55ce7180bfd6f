import { COLD_FEED_MAX_AGE_MS } from '@app/db';
import { silentFeed } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from './helpers';

/**
 * docs/architecture.md#caches, end to end: while the change notifications are down, nothing is served
 * from a cache older than 5 s. The app's feed here never comes up and never hears a change, and the
 * changes are made in the database directly, as a script or psql would, so only the age limit can
 * make the app see them.
 */
const downFeed = silentFeed(false);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, undefined, { changes: downFeed });
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('caches while the change feed is down', () => {
  it('obeys a ban and a maintenance switch made in the database once the cached values are 5 s old', async () => {
    const member = await signIn(t.app, 'cached-ban@example.com');
    const user = () => t.app.inject({ url: '/api/auth/user', headers: { cookie: member } });
    const status = async () => (await t.app.inject({ url: '/api/maintenance-status' })).json() as { maintenance: boolean };
    // Read now, so both are cached from here on. Each value's age counts from its read, so the clock here
    // starts once both reads are done: from then on each value is at least as old as the time since.
    expect((await user()).statusCode).toBe(200);
    expect((await status()).maintenance).toBe(false);
    const cachedBy = performance.now();

    await t.database.db.updateTable('users').set({ accountStatus: 'banned' }).where('email', '=', 'cached-ban@example.com').execute();
    await t.database.db.updateTable('systemSettings').set({ maintenance: true }).execute();
    // Served from the caches, which heard of neither change: this is what the age limit bounds.
    expect((await user()).statusCode).toBe(200);
    expect((await status()).maintenance).toBe(false);

    await sleep(COLD_FEED_MAX_AGE_MS - (performance.now() - cachedBy) + 50);
    expect((await user()).statusCode).toBe(401);
    expect((await status()).maintenance).toBe(true);
  });
});
