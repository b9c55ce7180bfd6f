export { AdSlot } from './ad-slot';
export { type LiveEventHandler, usePolling } from './live';
export { mountApp } from './mount';
export { ROUTER_CONTEXT_FROM_APP, RoutedApp, type RouterContext } from './routed-app';
export { currentUserQuery, useCurrentUser, useOperatorSession } from './session';
export { errorMessage, isServerAnswer, isUnauthorizedError, refusalDetail, TrpcProvider, trpc } from './trpc';
