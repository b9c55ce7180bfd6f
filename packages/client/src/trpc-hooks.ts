import type { AppRouter } from '@app/api';
import { createTRPCReact } from '@trpc/react-query';

/** Typed hooks for every procedure of the server's router. */
export const trpc = createTRPCReact<AppRouter>();

/** The query-cache helpers of `trpc.useUtils()`; route loaders get them through the router context. */
export type TrpcUtils = ReturnType<typeof trpc.useUtils>;
