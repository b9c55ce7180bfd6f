import type { AppRouter } from '@app/api';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';

/** Typed hooks for every procedure of the server's router. */
export const trpc = createTRPCReact<AppRouter>();

/**
 * The query-cache helpers and the client, as `trpc.useUtils()` gives them inside the app and queryUtilsOf
 * before it renders (loadFirstPage); route loaders get them through the router context.
 */
export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>> & { client: TRPCClient<AppRouter> };

/** The helpers of TrpcUtils over a cache and client, made outside React. */
export function queryUtilsOf(queryClient: QueryClient, client: TRPCClient<AppRouter>): TrpcUtils {
  const utils = createTRPCQueryUtils({ queryClient, client });
  return new Proxy(utils, {
    get: (target, key, receiver) => (key === 'client' ? client : Reflect.get(target, key, receiver)),
  }) as TrpcUtils;
}
