import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startTestApp, type TestApp } from './helpers';

/** Small budgets, so that what a server does after them is seen within seconds. */
const BUDGETS = { HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3', BODY_GRACE_SECONDS: '1', BODY_MIN_BYTES_PER_SECOND: '1024' };

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp(BUDGETS);
  const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  port = Number(address.port);
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection, with when the server closed it and what it answered, if anything. */
function rawConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  const opened = performance.now();
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closedAfterMs = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - opened)));
  return { socket, closedAfterMs, answer: () => answer };
}

/** The head of a POST with a JSON body of `length` bytes. */
const postHead = (length: number) =>
  `POST /api/support/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

const healthy = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;

describe('connection timeouts', () => {
  it('are set on the server from the configuration, and by default close a slow body or slow headers within 30 s', () => {
    expect({
      headers: t.app.server.headersTimeout,
      request: t.app.server.requestTimeout,
      idle: t.app.server.timeout,
      keepAlive: t.app.server.keepAliveTimeout,
    }).toEqual({ headers: 1000, request: 3000, idle: 60_000, keepAlive: 72_000 });

    const defaults = loadConfig({ NODE_ENV: 'test' });
    // Each is acted on within a second of running out (the servers' check interval).
    expect(defaults.BODY_GRACE_SECONDS + 1).toBeLessThanOrEqual(30);
    expect(defaults.HEADERS_TIMEOUT_SECONDS + 1).toBeLessThanOrEqual(30);
    // A 5 MB photo from a phone sending 20 KB/s (160 kbit/s) arrives within the request timeout.
    expect((5 * 1024 * 1024) / (20 * 1024)).toBeLessThan(defaults.REQUEST_TIMEOUT_SECONDS);
    expect(20 * 1024).toBeGreaterThan(defaults.BODY_MIN_BYTES_PER_SECOND);
  });

  it('closes twenty bodies sent a byte a second once the grace is over, and keeps answering meanwhile', async () => {
    const slow = Array.from({ length: 20 }, rawConnection);
    for (const { socket } of slow) socket.write(postHead(1000));
    const drip = setInterval(() => {
      for (const { socket } of slow) if (!socket.destroyed) socket.write('{');
    }, 1000);
    try {
      await sleep(500);
      expect(await healthy()).toBe(200);
      const closedAfter = await Promise.all(slow.map(({ closedAfterMs }) => closedAfterMs));
      // The grace is a second; the check runs every second.
      for (const ms of closedAfter) {
        expect(ms).toBeGreaterThanOrEqual(900);
        expect(ms).toBeLessThan(3500);
      }
      expect(slow.map(({ answer }) => answer())).toEqual(Array(20).fill(''));
      expect(await healthy()).toBe(200);
    } finally {
      clearInterval(drip);
    }
  });

  it('takes a body that keeps the minimum rate past the grace, and answers it', async () => {
    const chunk = 'a'.repeat(4096);
    const body = `{"message":"${chunk.repeat(9)}"}`;
    const connection = rawConnection();
    connection.socket.write(postHead(Buffer.byteLength(body)));
    // About 20 KB a second for two seconds, twice the grace.
    for (let sent = 0; sent < body.length; sent += chunk.length) {
      connection.socket.write(body.slice(sent, sent + chunk.length));
      await sleep(200);
    }
    const deadline = performance.now() + 2000;
    while (!connection.answer() && performance.now() < deadline) await sleep(50);
    expect(connection.answer()).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(connection.answer()).not.toMatch(/^HTTP\/1\.1 408 /);
    connection.socket.destroy();
  });

  it('closes a connection whose headers do not arrive within their timeout', async () => {
    const connection = rawConnection();
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => connection.socket.write('X-Slow: 1\r\n'), 300);
    try {
      expect(await connection.closedAfterMs).toBeLessThan(3000);
      expect(connection.answer()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
  });

  it('never cuts a live stream, which is a response: it stays open past the request timeout', async () => {
    const stream = await new Promise<{ chunks: string[]; ended: () => boolean; close: () => void }>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path: '/trpc/live.events', headers: { accept: 'text/event-stream' } }, (response) => {
        const chunks: string[] = [];
        let ended = false;
        response.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
        response.on('close', () => {
          ended = true;
        });
        resolve({ chunks, ended: () => ended, close: () => sent.destroy() });
      });
      sent.on('error', reject);
      sent.end();
    });
    try {
      await sleep(4500);
      expect(stream.ended()).toBe(false);
      expect(stream.chunks.join('')).toContain('resync');
    } finally {
      stream.close();
    }
  });
});
