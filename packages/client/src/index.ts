export { AdSlot } from './ad-slot';
export { type LiveEventHandler, LiveUpdates, usePolling } from './live';
export { mountApp } from './mount';
export { currentUserQuery, useCurrentUser, useOperatorSession } from './session';
export { errorMessage, isServerAnswer, isUnauthorizedError, refusalDetail, TrpcProvider, type TrpcUtils, trpc } from './trpc';
