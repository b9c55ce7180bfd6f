import type { AppRouter } from '@app/api';
import { LIVE_RETRY_AFTER_SECONDS, LIVE_RETRY_MAX_MS, MAX_BATCH_CALLS } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, isTRPCClientError, retryLink, splitLink, type TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { deviceTraitsHeader } from './device-traits-header';
import { attachSessionWatch, type SessionWatch, watchForEndedSessions } from './session-ended';

/** Only a page whose session ended needs the dialog (and Radix's), so it loads then. */
const SessionEndedDialog = lazy(() => import('./session-ended-dialog'));

/** Typed hooks for every procedure of the server's router. */
export const trpc = createTRPCReact<AppRouter>();

/** The query-cache helpers of `trpc.useUtils()`; route loaders get them through the router context. */
export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/**
 * The request defaults of docs/api-conventions.md#calls-the-apps-make: no automatic retries, no refetch on focus, no
 * polling, data never stale. Screens that must poll (the maintenance check) ask for it themselves.
 */
function createQueryClient(): { queryClient: QueryClient; sessionWatch: SessionWatch } {
  const sessionWatch = watchForEndedSessions(() => queryClient);
  const queryClient: QueryClient = new QueryClient({
    ...sessionWatch.caches,
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  attachSessionWatch(queryClient, sessionWatch);
  return { queryClient, sessionWatch };
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

function createTrpcClient() {
  return trpc.createClient({
    links: [
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
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
          // And the browser's traits, once the member app has computed them (docs/product-rules.md#fraud-rules).
          headers: deviceTraitsHeader,
        }),
      }),
    ],
  });
}

/** One query cache and one tRPC client for the lifetime of the app (or of one test render). */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [{ queryClient, sessionWatch }] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <SessionEnded watch={sessionWatch} />
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

/** True when the server said "not signed in" (or, for the operator, "no operator session"). */
export function isUnauthorizedError(error: unknown): boolean {
  return isServerAnswer(error) && error.data?.code === 'UNAUTHORIZED';
}

/**
 * True when the server itself answered with an error. False when no answer came at all (offline,
 * server down), which screens report as a connection problem rather than as the server's verdict.
 */
export function isServerAnswer(error: unknown): error is TRPCClientError<AppRouter> {
  return isTRPCClientError<AppRouter>(error) && error.data !== undefined && error.data !== null;
}

/** The server's message for a failed call, else the screen's own fallback text (docs/api-conventions.md#errors). */
export function errorMessage(error: unknown, fallback: string): string {
  return isServerAnswer(error) && error.message ? error.message : fallback;
}

/** Runs a call whose UNAUTHORIZED answer means "nobody is signed in": that answer becomes null. */
export async function nullWhenUnauthorized<T>(call: Promise<T>, onUnauthorized?: (error: unknown) => void): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (!isUnauthorizedError(error)) throw error;
    onUnauthorized?.(error);
    return null;
  }
}

/** A fact the server sent with its refusal (such as `currentBalance` with a 409), or null. */
export function refusalDetail(error: unknown, name: string): string | null {
  return isServerAnswer(error) ? (error.data?.details?.[name] ?? null) : null;
}
