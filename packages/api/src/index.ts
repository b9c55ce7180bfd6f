export { signInAndStartSession } from './auth/service';
export type { ApiDeps, ApiSettings, Context, RequestScope } from './context';
export { createContext } from './context';
export { DATABASE_RETRY_AFTER_SECONDS, HTTP_STATUS, publicCode, publicMessage, retryAfterSeconds } from './errors';
export { detailsOf } from './lib/errors';
export type { AttemptCounter } from './lib/wrong-passwords';
export { type AppRouter, appRouter } from './root';
export { type AppMeta, createCallerFactory } from './trpc';
export { approveVipRequest, rejectVipRequest } from './vip/service';
