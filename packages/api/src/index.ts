export type { ApiDeps, ApiSettings, Context, RequestScope } from './context';
export { createContext } from './context';
export { type AppRouter, appRouter } from './root';
export { createCallerFactory } from './trpc';
export { HTTP_STATUS, publicMessage } from './errors';
