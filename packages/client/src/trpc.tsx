import { type FirstAnswers, LIVE_RETRY_AFTER_SECONDS, LIVE_RETRY_MAX_MS, MAX_BATCH_CALLS } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, retryLink, splitLink } from '@trpc/client';
import { getQueryKey } from '@trpc/react-query';
import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import { deviceTraitsHeader } from './device-traits-header';
import { readFirstAnswers } from './first-answers';
import { FirstReadPosition } from './first-read';
import { attachSessionWatch, type SessionWatch, watchForEndedSessions } from './session-ended';
import type { StepUp } from './step-up';
import { trpc } from './trpc-hooks';

/** Only a page whose session ended needs the dialog (and Radix's), so it loads then. */
const SessionEndedDialog = lazy(() => import('./session-ended-dialog'));

/**
 * The request defaults of docs/api-conventions.md#calls-the-apps-make: no automatic retries, no refetch on focus, no
 * polling, data never stale. Screens that must poll (the maintenance check) ask for it themselves. A call made
 * offline is sent all the same (`networkMode: 'always'`): it fails at once and the screen says the member is
 * offline (`errorMessage`), where React Query's default would hold it paused behind a spinner.
 */
function createQueryClient(answers: FirstAnswers | null): { queryClient: QueryClient; sessionWatch: SessionWatch } {
  const sessionWatch = watchForEndedSessions(() => queryClient);
  const queryClient: QueryClient = new QueryClient({
    ...sessionWatch.caches,
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  attachSessionWatch(queryClient, sessionWatch);
  if (answers) seedFirstAnswers(queryClient, answers);
  return { queryClient, sessionWatch };
}

type ProcedureNode = Parameters<typeof getQueryKey>[0];

/**
 * The answers the page was written with (docs/architecture.md#what-a-page-loads-first), each under the key its
 * query reads: the first screen renders with its data and makes no call for it. An infinite query's answer is
 * its first window, asked for from no cursor (tRPC's first page parameter, null).
 */
function seedFirstAnswers(queryClient: QueryClient, { user, answers }: FirstAnswers): void {
  queryClient.setQueryData(getQueryKey(trpc.auth.user, undefined, 'query'), user);
  for (const { path, input, infinite, data } of answers) {
    const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], trpc) as ProcedureNode;
    if (infinite) queryClient.setQueryData(getQueryKey(procedure, input, 'infinite'), { pages: [data], pageParams: [null] });
    else queryClient.setQueryData(getQueryKey(procedure, input, 'query'), data);
  }
}

/**
 * How long the page waits before it asks for its live stream again after the server refused it (429, 503)
 * or shed it (docs/architecture.md#live-updates): the server's Retry-After, which an EventSource cannot
 * read, doubled at each try up to LIVE_RETRY_MAX_MS, and spread so refused pages do not come back at once.
 */
export function liveRetryDelayMs(attempts: number, random: () => number = Math.random): number {
  const doubled = Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_AFTER_SECONDS * 1_000 * 2 ** (attempts - 1));
  return Math.round(doubled * (0.75 + random() / 2));
}

function createTrpcClient(firstRead: FirstReadPosition, stepUp: StepUp | undefined) {
  return trpc.createClient({
    links: [
      // The admin and operator apps answer STEP_UP_REQUIRED with their passkey prompt (createStepUp).
      ...(stepUp ? [stepUp.link] : []),
      // The live stream is server-sent events (docs/architecture.md#live-updates); every other call is batched.
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        // A refused stream (an EventSource does not retry a 429 or 503) or a shed one asks again later; the
        // screens poll meanwhile (usePolling).
        true: [
          retryLink({ retry: () => true, retryDelayMs: liveRetryDelayMs }),
          httpSubscriptionLink({ url: '/trpc', eventSourceOptions: { withCredentials: true } }),
        ],
        false: httpBatchLink({
          url: '/trpc',
          maxItems: MAX_BATCH_CALLS,
          // Session cookies ride along on every call, as the server's auth expects.
          fetch: (input, init) => firstRead.watch(fetch(input, { ...init, credentials: 'include' })),
          // And the browser's traits, once the member app has computed them (docs/product-rules.md#fraud-rules).
          headers: deviceTraitsHeader,
        }),
      }),
    ],
  });
}

const FirstReadContext = createContext<FirstReadPosition | null>(null);

/** The position of the app's first read, for its live stream to start from (LiveUpdates). */
export function useFirstRead(): FirstReadPosition | null {
  return useContext(FirstReadContext);
}

/** The query cache and tRPC client an app has for its lifetime, and where its first read left the live feed. */
export interface AppClients {
  queryClient: QueryClient;
  sessionWatch: SessionWatch;
  trpcClient: ReturnType<typeof createTrpcClient>;
  firstRead: FirstReadPosition;
}

/** An app's clients, its cache seeded with the answers its page was written with (readFirstAnswers). */
export function createAppClients(stepUp?: StepUp): AppClients {
  const answers = readFirstAnswers();
  const { queryClient, sessionWatch } = createQueryClient(answers);
  const firstRead = new FirstReadPosition(answers?.position);
  return { queryClient, sessionWatch, trpcClient: createTrpcClient(firstRead, stepUp), firstRead };
}

/**
 * One query cache and one tRPC client for the lifetime of the app (or of one test render): the ones given,
 * made before the app rendered (loadFirstPage), or its own.
 */
export function TrpcProvider({ children, stepUp, clients }: { children: ReactNode; stepUp?: StepUp; clients?: AppClients }) {
  const [{ queryClient, sessionWatch, trpcClient, firstRead }] = useState(() => clients ?? createAppClients(stepUp));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <FirstReadContext.Provider value={firstRead}>{children}</FirstReadContext.Provider>
        <SessionEnded watch={sessionWatch} />
        {stepUp && <stepUp.Host />}
      </QueryClientProvider>
    </trpc.Provider>
  );
}

function SessionEnded({ watch }: { watch: SessionWatch }) {
  const { ended, clear } = watch.useEnded();
  const utils = trpc.useUtils();
  if (!ended) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog
        ended={ended}
        onClose={clear}
        onOperatorSignIn={() => {
          clear();
          void utils.commission.auth.invalidate();
        }}
      />
    </Suspense>
  );
}
