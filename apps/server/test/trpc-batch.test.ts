import { MAX_BATCH_CALLS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInUnlockedAdmin, startTestApp, type TestApp } from './helpers';

/**
 * GET batches of queries are answered by the server's own handler (docs/architecture.md#batched-queries);
 * everything else by tRPC's Fastify adapter. The adapter is the oracle: the same batch sent with a
 * `trpc-accept: application/json` header (which the handler leaves to the adapter, and which the adapter
 * answers as a plain JSON batch) must get the same status, headers and body.
 */
let t: TestApp;
let member: string;
let adminCookie: string;

beforeAll(async () => {
  t = await startTestApp();
  member = await signIn(t.app, 'batch-reader@example.com');
  adminCookie = await signInUnlockedAdmin(t);
});
afterAll(async () => {
  await t.close();
});

function batchUrl(paths: string[], inputs?: Record<number, unknown>) {
  const query = new URLSearchParams({ batch: '1', ...(inputs ? { input: JSON.stringify(inputs) } : {}) });
  return `/trpc/${paths.join(',')}?${query}`;
}

/** The batch as the handler answers it and as tRPC's adapter answers it. */
async function bothWays(url: string, cookie?: string) {
  const headers = cookie ? { cookie } : {};
  const [ours, trpcs] = await Promise.all([
    t.app.inject({ url, headers }),
    t.app.inject({ url, headers: { ...headers, 'trpc-accept': 'application/json' } }),
  ]);
  const answer = (response: typeof ours) => ({
    status: response.statusCode,
    // Both JSON; the handler's also says its charset (UTF-8, as JSON is).
    contentType: String(response.headers['content-type']).split(';')[0],
    vary: response.headers.vary,
    retryAfter: response.headers['retry-after'],
    body: response.json(),
  });
  // The one difference: the handler's content type names its charset. It tells who answered.
  return { ours: answer(ours), trpcs: answer(trpcs), handled: ours.headers['content-type'] !== trpcs.headers['content-type'] };
}

describe('a GET batch of queries', () => {
  it('is answered as tRPC answers it when every call succeeds, prepared answers included', async () => {
    const { ours, trpcs, handled } = await bothWays(
      batchUrl(['auth.user', 'maintenance.status', 'tasks.list', 'transactions.list', 'vip.status'], { 3: { limit: 4 } }),
      member,
    );
    expect(handled).toBe(true);
    expect(ours).toEqual(trpcs);
    expect(ours.status).toBe(200);
    expect(ours.body[0].result.data.email).toBe('batch-reader@example.com');
  });

  it('is answered as tRPC answers it when some calls are refused: 207, each refusal with its shape and details', async () => {
    const { ours, trpcs, handled } = await bothWays(
      batchUrl(['auth.user', 'tasks.get', 'admin.stats'], { 1: { id: 'no-such-task' } }),
      member,
    );
    expect(handled).toBe(true);
    expect(ours).toEqual(trpcs);
    expect(ours.status).toBe(207);
    expect(ours.body[1].error).toMatchObject({
      message: 'Task not found',
      data: { code: 'NOT_FOUND', httpStatus: 404, path: 'tasks.get' },
    });
  });

  it('is answered as tRPC answers it when every call is refused alike, and when inputs are wrong', async () => {
    expect(await bothWays(batchUrl(['vip.status', 'transactions.list']))).toSatisfy(({ ours, trpcs }) => {
      expect(ours).toEqual(trpcs);
      expect(ours.status).toBe(401);
      return true;
    });
    const wrongInput = await bothWays(batchUrl(['transactions.list'], { 0: { limit: 'lots' } }), member);
    expect(wrongInput.ours).toEqual(wrongInput.trpcs);
    expect(wrongInput.ours.status).toBe(400);
  });

  it('is answered as tRPC answers it for an admin, and during maintenance for a member', async () => {
    const admin = await bothWays(batchUrl(['admin.stats', 'admin.payouts.pending'], { 1: { page: 1, pageSize: 5 } }), adminCookie);
    expect(admin.ours).toEqual(admin.trpcs);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/maintenance',
      headers: { cookie: adminCookie },
      payload: { maintenance: true, message: 'Back soon', reason: 'Test' },
    });
    try {
      const closed = await bothWays(batchUrl(['auth.user', 'tasks.list']), member);
      expect(closed.ours).toEqual(closed.trpcs);
      expect(closed.ours.status).toBe(207);
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/maintenance',
        headers: { cookie: adminCookie },
        payload: { maintenance: false, reason: 'Test over' },
      });
    }
  });

  it('leaves to tRPC what it does not read: an unknown procedure, malformed input, a mutation', async () => {
    for (const url of [
      batchUrl(['auth.user', 'no.such']),
      '/trpc/auth.user?batch=1&input=%7Bnot-json',
      batchUrl(['auth.user', 'payouts.request']),
    ]) {
      const { ours, trpcs, handled } = await bothWays(url, member);
      expect(handled).toBe(false);
      expect(ours).toEqual(trpcs);
      expect(ours.status).not.toBe(200);
    }
  });

  it('is refused with 400 when it carries more calls than a batch may', async () => {
    const { ours, trpcs, handled } = await bothWays(batchUrl(Array(MAX_BATCH_CALLS + 1).fill('maintenance.status')), member);
    expect(handled).toBe(false);
    expect(ours).toEqual(trpcs);
    expect(ours.status).toBe(400);
    // A refusal of the protocol, which the apps never meet (their link splits batches): the general text.
    expect(ours.body.error.data.code).toBe('BAD_REQUEST');
    const { ours: largest } = await bothWays(batchUrl(Array(MAX_BATCH_CALLS).fill('maintenance.status')), member);
    expect(largest.status).toBe(200);
  });
});
