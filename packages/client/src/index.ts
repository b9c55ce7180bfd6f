export { AdSlot } from './ad-slot';
export { deviceTraits } from './device-traits-header';
export { type LiveEventHandler, usePolling } from './live';
export { mountApp } from './mount';
export { createRoutedRouter, RoutedApp, type RouterContext } from './routed-app';
export { requestServer, StatementDownload } from './server-file';
export { currentUserQuery, useCurrentUser, useOperatorSession } from './session';
export { SessionEndedError } from './session-ended';
export { errorMessage, isServerAnswer, isUnauthorizedError, refusalDetail, TrpcProvider, trpc } from './trpc';
