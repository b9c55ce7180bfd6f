import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { signInUnlockedAdmin } from '@app/testkit/requests';
import { call, httpSender } from './http';
import { REPO_ROOT, startServer } from './processes';
import { spliceResults } from './report';

/*
 * The live streams' load test (issue 36; docs/architecture.md#live-updates), `pnpm --filter @app/bench streams`
 * after `pnpm build`. The built server on a fresh PGlite data dir, behind a pretend proxy (TRUST_PROXY=1, each
 * stream's address in X-Forwarded-For), with the default caps except a high instance total:
 * 1. 10,000 streams asked for from one address: only the address block's 4 stay open, the rest get 429.
 * 2. 12,500 streams from 2,500 address blocks (5 each): 10,000 stay open, 2,500 get 429. The server's
 *    resident memory before and after says what an open stream costs.
 * 3. An admin turns maintenance on, which every stream hears, while another thread asks /readyz every 5 ms:
 *    its p99 must stay under 50 ms, and every stream must hear the change.
 * The numbers go between the `bench:streams` markers of bench/RESULTS.md; the run fails if a target is missed.
 */

const FROM_ONE_ADDRESS = 10_000;
const BLOCKS = 2_500;
const ASKS_PER_BLOCK = 5;
const PER_BLOCK = 4;
const PER_INSTANCE = 12_000;
/** Streams asked for at once: more would overflow the server's listen backlog rather than test the caps. */
const ASKING_AT_ONCE = 200;
const READYZ_EVERY_MS = 5;
const READYZ_P99_TARGET_MS = 50;
const ADMIN_EMAIL = 'streams-admin@example.com';
const ADMIN_PANEL_PASSWORD = 'bench-admin-panel-password';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const RESULTS_FILE = path.join(REPO_ROOT, 'bench/RESULTS.md');

const log = (message: string) => console.log(`[streams ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** One open stream as the bench holds it: whether it heard the site change, and when. */
interface HeldStream {
  heardSiteAt?: number;
  close(): void;
}

/** Asks for one stream from `address`; resolves with the status, and the stream when it is 200. */
function askForStream(port: number, address: string): Promise<{ status: number; stream?: HeldStream }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/trpc/live.events',
        agent: false,
        headers: { accept: 'text/event-stream', 'x-forwarded-for': address },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          response.resume();
          response.on('end', () => resolve({ status }));
          return;
        }
        const stream: HeldStream = { close: () => request.destroy() };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (stream.heardSiteAt === undefined && chunk.includes('"topic":"site"')) stream.heardSiteAt = performance.now();
        });
        response.on('error', () => {});
        resolve({ status, stream });
      },
    );
    request.on('error', reject);
  });
}

/** Asks for a stream from each address, ASKING_AT_ONCE at a time; the open streams and the statuses counted. */
async function askFrom(port: number, addresses: readonly string[]) {
  const open: HeldStream[] = [];
  const statuses = new Map<number, number>();
  for (let from = 0; from < addresses.length; from += ASKING_AT_ONCE) {
    const answers = await Promise.all(addresses.slice(from, from + ASKING_AT_ONCE).map((address) => askForStream(port, address)));
    for (const { status, stream } of answers) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (stream) open.push(stream);
    }
  }
  return { open, statuses };
}

async function scrape(port: number): Promise<string> {
  const answer = await call(port, { path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`);
  return answer.body;
}

function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  if (line === undefined) throw new Error(`no ${name}{${labels}} in /metrics`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

const openAnonymous = async (port: number) => sample(await scrape(port), 'pesotasks_sse_connections_open', 'kind="anonymous"');
const residentMegabytes = async (port: number) => sample(await scrape(port), 'pesotasks_process_resident_memory_bytes') / 2 ** 20;

/**
 * Asks /readyz every READYZ_EVERY_MS until told to stop, from a thread of its own, so that the bench's own
 * work (reading 10,000 streams) does not count as the server's latency. Resolves with each answer's ms.
 */
function sampleReadyz(port: number): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = [];
    let stopping = false;
    parentPort.on('message', () => { stopping = true; });
    const once = () => new Promise((resolve, reject) => {
      const started = performance.now();
      http.get({ host: '127.0.0.1', port: workerData.port, path: '/readyz', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(performance.now() - started));
      }).on('error', reject);
    });
    (async () => {
      while (!stopping) {
        times.push(await once());
        await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
      }
      agent.destroy();
      parentPort.postMessage(times);
    })();
    `,
    { eval: true, workerData: { port, everyMs: READYZ_EVERY_MS } },
  );
  const done = new Promise<number[]>((resolve) => worker.once('message', resolve));
  return {
    stop: async () => {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      return times;
    },
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const counted = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count.toLocaleString('en-US')} × ${status}`)
    .join(', ');

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'pesotasks-streams-'));
  const server = await startServer(
    { dataDir: path.join(workDir, 'pglite') },
    {
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      DEV_LOGIN: 'true',
      ADMIN_EMAILS: ADMIN_EMAIL,
      ADMIN_PANEL_PASSWORD,
      METRICS_TOKEN,
      LIVE_STREAMS_PER_INSTANCE: String(PER_INSTANCE),
    },
    path.join(workDir, 'server.log'),
  );
  const failures: string[] = [];
  const held: HeldStream[] = [];
  try {
    const { port } = server;
    const admin = await signInUnlockedAdmin(httpSender(port), ADMIN_EMAIL, ADMIN_PANEL_PASSWORD);
    // Warm up the stream's path before the memory is read.
    const warm = await askFrom(port, ['192.0.2.1']);
    for (const stream of warm.open) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rssBefore = await residentMegabytes(port);
    // What /readyz answers on this machine with nothing else going on: shared cores show here first.
    const noStreams = sampleReadyz(port);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const noStreamTimes = await noStreams.stop();

    log(`asking for ${FROM_ONE_ADDRESS.toLocaleString('en-US')} streams from one address`);
    const oneAddress = await askFrom(port, Array<string>(FROM_ONE_ADDRESS).fill('198.51.100.7'));
    held.push(...oneAddress.open);
    const openFromOne = await openAnonymous(port);
    if (oneAddress.open.length !== PER_BLOCK || openFromOne !== PER_BLOCK) {
      failures.push(`one address kept ${oneAddress.open.length} streams open (server: ${openFromOne}), not ${PER_BLOCK}`);
    }

    const addresses = Array.from({ length: BLOCKS * ASKS_PER_BLOCK }, (_, n) => {
      const block = n % BLOCKS;
      // Each block a /64 of the documentation prefix; the asks of one block from different addresses in it.
      return `2001:db8:${Math.floor(block / 256).toString(16)}:${(block % 256).toString(16)}::${(Math.floor(n / BLOCKS) + 1).toString(16)}`;
    });
    log(`asking for ${addresses.length.toLocaleString('en-US')} streams from ${BLOCKS.toLocaleString('en-US')} address blocks`);
    const opening = performance.now();
    const manyAddresses = await askFrom(port, addresses);
    const openingSeconds = (performance.now() - opening) / 1000;
    held.push(...manyAddresses.open);
    const openNow = await openAnonymous(port);
    const expectedOpen = PER_BLOCK + BLOCKS * PER_BLOCK;
    if (held.length !== expectedOpen || openNow !== expectedOpen) {
      failures.push(`${held.length} streams open (server: ${openNow}), not ${expectedOpen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssAfter = await residentMegabytes(port);
    log(`${openNow} streams open; resident memory ${rssBefore.toFixed(0)} MB → ${rssAfter.toFixed(0)} MB`);

    log('idle /readyz, then a broadcast to every stream');
    const idle = sampleReadyz(port);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleTimes = await idle.stop();
    const during = sampleReadyz(port);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const broadcastAt = performance.now();
    const changed = await call(port, {
      method: 'POST',
      path: '/api/admin/maintenance',
      headers: { cookie: admin },
      json: { maintenance: true, message: 'Back soon', reason: 'Streams bench' },
    });
    if (changed.status !== 200) throw new Error(`maintenance answered ${changed.status}: ${changed.body}`);
    const deadline = performance.now() + 30_000;
    while (held.some((stream) => stream.heardSiteAt === undefined) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const duringTimes = await during.stop();
    const heard = held.filter((stream) => stream.heardSiteAt !== undefined);
    const lastHeardMs = Math.max(...heard.map((stream) => (stream.heardSiteAt ?? 0) - broadcastAt));
    if (heard.length !== held.length) failures.push(`${held.length - heard.length} open streams did not hear the change`);
    const p99 = percentile(duringTimes, 99);
    if (!(p99 < READYZ_P99_TARGET_MS)) failures.push(`/readyz p99 ${ms(p99)} during the broadcast (target < ${READYZ_P99_TARGET_MS} ms)`);

    const latencies = (times: readonly number[]) =>
      `${times.length} answers: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`;
    const rows = [
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load average ${os.loadavg()[0]?.toFixed(1)} at the end, Node ${process.version}, PGlite; \`pnpm build && pnpm --filter @app/bench streams\`.`,
      '',
      '| step | result |',
      '| --- | --- |',
      `| ${FROM_ONE_ADDRESS.toLocaleString('en-US')} streams asked for from one address | ${counted(oneAddress.statuses)}; open: ${openFromOne} (cap ${PER_BLOCK} per address block) |`,
      `| ${addresses.length.toLocaleString('en-US')} streams from ${BLOCKS.toLocaleString('en-US')} IPv6 /64 blocks, 5 addresses each | ${counted(manyAddresses.statuses)} in ${openingSeconds.toFixed(1)} s; open in all: ${openNow.toLocaleString('en-US')} |`,
      `| server's resident memory | ${rssBefore.toFixed(0)} MB → ${rssAfter.toFixed(0)} MB with ${openNow.toLocaleString('en-US')} open: ${(((rssAfter - rssBefore) * 1024) / openNow).toFixed(0)} KB a stream |`,
      `| /readyz every ${READYZ_EVERY_MS} ms, no stream open | ${latencies(noStreamTimes)} |`,
      `| /readyz every ${READYZ_EVERY_MS} ms, streams open and quiet | ${latencies(idleTimes)} |`,
      `| /readyz during the broadcast (maintenance on) | ${duringTimes.length} answers: p50 ${ms(percentile(duringTimes, 50))}, **p99 ${ms(p99)}** (target < ${READYZ_P99_TARGET_MS} ms), max ${ms(Math.max(...duringTimes))} |`,
      `| streams that heard the change | ${heard.length.toLocaleString('en-US')} of ${held.length.toLocaleString('en-US')}, the last ${ms(lastHeardMs)} after the admin's call was sent |`,
      '',
      failures.length === 0 ? 'Every target met.' : `Missed: ${failures.join('; ')}.`,
    ];
    const generated = rows.join('\n');
    console.log(generated);
    writeFileSync(RESULTS_FILE, spliceResults(readFileSync(RESULTS_FILE, 'utf8'), generated, 'streams'));
  } finally {
    for (const stream of held) stream.close();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`streams bench: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
