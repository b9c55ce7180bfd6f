export { AdSlot } from './ad-slot';
export { type LiveEventHandler, LiveUpdates, usePolling } from './live';
export { currentUserQuery, useCurrentUser, useOperatorSession } from './session';
export { errorMessage, isServerAnswer, isUnauthorizedError, refusalDetail, TrpcProvider, type TrpcUtils, trpc } from './trpc';
