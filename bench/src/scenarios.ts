import { DASHBOARD_TRANSACTION_COUNT } from '@app/contracts';
import { gcashDetails } from '@app/testkit/fixtures';
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface SignedIn {
  /** Member number in the seed (1 to sizes.members). */
  number: number;
  cookie: string;
}

/** What one scenario measured over its timed window (the warm-up is not counted). */
export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Answers by status code, e.g. { '200': 9000, '429': 12 }. */
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
}

/** One kind of traffic: the requests each connection sends, and what it learns from the answers. */
export interface Scenario {
  name: string;
  requests: autocannon.Request[];
  /** Called when the timed window starts and ends, so counters can leave the warm-up out. */
  onWindow?(measuring: boolean): void;
  /** Called after each autocannon run, whose requests still in flight are never answered. */
  onStopped?(): void;
}

/**
 * Drives `port` with autocannon: a warm-up, then the timed window, with the same requests (one
 * connection keeps one request in flight, no pipelining).
 */
export async function measure(port: number, scenario: Scenario, settings: LoadSettings): Promise<Measurement> {
  const run = (seconds: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: settings.connections,
      duration: seconds,
      requests: scenario.requests,
    });
  await run(settings.warmupSeconds);
  scenario.onStopped?.();
  scenario.onWindow?.(true);
  const result = await run(settings.seconds);
  scenario.onWindow?.(false);
  scenario.onStopped?.();
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]));
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    statuses,
    errors: result.errors,
    seconds: result.duration,
  };
}

/** Hands out the signed-in people in turn, so consecutive requests come from different members. */
function rotation(people: SignedIn[]): () => SignedIn {
  if (people.length === 0) throw new Error('no signed-in members');
  let next = 0;
  return () => {
    const person = people[next % people.length] as SignedIn;
    next += 1;
    return person;
  };
}

const withCookie = (request: autocannon.Request, cookie: string): autocannon.Request => ({
  ...request,
  headers: { ...request.headers, cookie },
});

/** GET `path`, each request as the next member in turn. */
export function readScenario(name: string, path: string, people: SignedIn[]): Scenario {
  const nextPerson = rotation(people);
  return { name, requests: [{ method: 'GET', path, setupRequest: (request) => withCookie(request, nextPerson().cookie) }] };
}

/**
 * The ceiling's route, sent the same way as the members' reads (a cookie set per request), so the load
 * generator does the same work per request in both.
 */
export function ceilingScenario(): Scenario {
  return readScenario('Ceiling: bare Fastify, constant JSON', '/constant', [{ number: 0, cookie: 'session=ceiling' }]);
}

/** The member dashboard's first load: one batched tRPC GET, as apps/member-web's route loaders send it. */
export const DASHBOARD_BATCH_PATH = `/trpc/auth.user,maintenance.status,tasks.list,transactions.list,vip.status?batch=1&input=${encodeURIComponent(
  JSON.stringify({ 3: { limit: DASHBOARD_TRANSACTION_COUNT } }),
)}`;

export const PAYOUT_REQUEST = { paymentMethod: 'G-CASH', amount: '150.00', paymentDetails: gcashDetails(1_234_567) };

/**
 * A member's payout request to a G-CASH number of their own, as real members do (a number shared by
 * thousands is the fraud pattern the risk review flags, not the common case).
 */
export const ownPayoutRequest = (person: SignedIn) => ({
  ...PAYOUT_REQUEST,
  paymentDetails: gcashDetails(person.number),
});

/** POST /api/payouts of 150 pesos, each request as the next member in turn, so no member nears its hourly limit. */
export function payoutScenario(people: SignedIn[]): Scenario {
  const nextPerson = rotation(people);
  return {
    name: 'POST /api/payouts',
    requests: [
      {
        method: 'POST',
        path: '/api/payouts',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const person = nextPerson();
          return { ...withCookie(request, person.cookie), body: JSON.stringify(ownPayoutRequest(person)) };
        },
      },
    ],
  };
}

/** What the start + complete cycle counted from the answers. */
export interface CycleCounts {
  /** Completions answered `success: true` in the timed window. */
  creditedInWindow: number;
  /** All `success: true` answers, warm-up included. */
  creditedTotal: number;
  /** Completion refusals by reason (`already-completed` for the deliberate duplicates). */
  refusals: Record<string, number>;
  /** Views credited more than once by the answers (must be 0). */
  viewsCreditedTwice: number;
  duplicatesSent: number;
  startsRefused: Record<string, number>;
  /** Completions sent whose answers autocannon never read (in flight when it stopped a run). */
  unanswered: StartedView[];
  /** `member:task` of every view a `success: true` answer credited. */
  creditedViews: Set<string>;
  /** Set when every member had used up the day's tasks and the cycle ran dry. */
  ranDry: boolean;
}

export const viewKey = (view: StartedView): string => `${view.person.number}:${view.taskId}`;

export interface StartedView {
  person: SignedIn;
  taskId: string;
  /** Local clock (same machine as the server) after which the server counts the view as long enough. */
  readyAt: number;
}

type CycleStep = { kind: 'start'; person: SignedIn; taskId: string } | { kind: 'complete'; view: StartedView } | { kind: 'dry' };

/**
 * Members viewing tasks: each request either completes the oldest started view that has lasted
 * `viewSeconds` by now (GET /api/tasks/{id}/redirect-complete), or starts a new one (POST
 * /api/tasks/{id}/start) for the next member and task, so a connection never idles while views run.
 * Member n views tasks n, n+1, ... of the free list, at most `perMember` of them (the free daily limit).
 * Every `duplicateEvery`-th view is completed twice, from two connections at once: the second must be
 * refused, which the answers and the books check afterwards prove.
 */
export function cycleScenario(
  people: SignedIn[],
  taskIds: string[],
  options: { viewSeconds: number; perMember: number; duplicateEvery: number },
): { scenario: Scenario; counts: CycleCounts } {
  const counts: CycleCounts = {
    creditedInWindow: 0,
    creditedTotal: 0,
    refusals: {},
    viewsCreditedTwice: 0,
    duplicatesSent: 0,
    startsRefused: {},
    unanswered: [],
    creditedViews: new Set(),
    ranDry: false,
  };
  const inFlight = new Set<CycleStep>();
  const ready: StartedView[] = [];
  const credited = counts.creditedViews;
  let measuring = false;
  let started = 0;
  const plannedViews = people.length * Math.min(options.perMember, taskIds.length);
  // A margin for the time between the server's clock reading and its answer reaching us.
  const viewMs = options.viewSeconds * 1000 + 5;

  const countCredit = (view: StartedView) => {
    const key = viewKey(view);
    if (credited.has(key)) counts.viewsCreditedTwice += 1;
    credited.add(key);
    counts.creditedTotal += 1;
    if (measuring) counts.creditedInWindow += 1;
  };

  const nextStep = (): CycleStep => {
    const head = ready[0];
    if (head && head.readyAt <= Date.now()) {
      ready.shift();
      return { kind: 'complete', view: head };
    }
    if (started >= plannedViews) {
      counts.ranDry = true;
      return { kind: 'dry' };
    }
    const round = Math.floor(started / people.length);
    const personIndex = started % people.length;
    started += 1;
    const person = people[personIndex] as SignedIn;
    return { kind: 'start', person, taskId: taskIds[(person.number + round) % taskIds.length] as string };
  };

  const scenario: Scenario = {
    name: 'Task start + complete cycle',
    onWindow: (on) => {
      measuring = on;
    },
    onStopped: () => {
      for (const step of inFlight) if (step.kind === 'complete') counts.unanswered.push(step.view);
      inFlight.clear();
    },
    requests: [
      {
        method: 'GET',
        path: '/healthz',
        setupRequest: (request, context) => {
          const step = nextStep();
          (context as { step?: CycleStep }).step = step;
          inFlight.add(step);
          if (step.kind === 'start') {
            return withCookie({ ...request, method: 'POST', path: `/api/tasks/${step.taskId}/start` }, step.person.cookie);
          }
          if (step.kind === 'complete') {
            const { person, taskId } = step.view;
            return withCookie({ ...request, method: 'GET', path: `/api/tasks/${taskId}/redirect-complete` }, person.cookie);
          }
          // Out of views to start: a cheap request that the report shows as run dry.
          return { ...request, method: 'GET', path: '/healthz' };
        },
        onResponse: (status, body, context) => {
          const step = (context as { step?: CycleStep }).step;
          if (step) inFlight.delete(step);
          if (step?.kind === 'start') {
            if (status !== 200) {
              counts.startsRefused[status] = (counts.startsRefused[status] ?? 0) + 1;
              return;
            }
            // A start credits the member's earlier view that lasted its time but was not completed yet (its
            // completion, still queued here, then finds it done): counted as credited by this answer.
            const { collected } = JSON.parse(body) as { collected: { taskId: string } | null };
            if (collected) countCredit({ person: step.person, taskId: collected.taskId, readyAt: 0 });
            const view = { person: step.person, taskId: step.taskId, readyAt: Date.now() + viewMs };
            ready.push(view);
            if (started % options.duplicateEvery === 0) {
              ready.push(view);
              counts.duplicatesSent += 1;
            }
          } else if (step?.kind === 'complete') {
            const answer =
              status === 200 ? (JSON.parse(body) as { success: boolean; error?: string }) : { success: false, error: `HTTP ${status}` };
            if (answer.success) {
              countCredit(step.view);
            } else {
              const reason = answer.error ?? 'unknown';
              counts.refusals[reason] = (counts.refusals[reason] ?? 0) + 1;
            }
          }
        },
      },
    ],
  };
  return { scenario, counts };
}
