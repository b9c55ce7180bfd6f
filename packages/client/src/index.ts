export { AdSlot } from './ad-slot';
export { type LiveEventHandler, usePolling } from './live';
export { mountApp } from './mount';
export { createRoutedRouter, RoutedApp, type RouterContext } from './routed-app';
export { currentUserQuery, useCurrentUser, useOperatorSession } from './session';
export { errorMessage, isServerAnswer, isUnauthorizedError, refusalDetail, TrpcProvider, trpc } from './trpc';
