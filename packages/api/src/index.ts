export { signInAndStartSession } from './auth/service';
export type { ApiDeps, Context } from './context';
export { languageOf } from './context';
export { createContext } from './create-context';
export { readFirstAnswers } from './first-answers';
export {
  AppError,
  badRequest,
  databaseUnavailable,
  forbidden,
  notFound,
  type PublicError,
  publicError,
  unauthorized,
} from './lib/errors';
export { jsonOfPrepared } from './lib/prepared';
export type { RequestScope } from './lib/request-scope';
export type { AttemptCounter } from './lib/wrong-passwords';
export type { StreamSlot } from './live/admission';
export { LiveHub } from './live/hub';
export { LIVE_EVENTS_PROCEDURE } from './live/router';
export { admitLiveStream } from './live/service';
export { createPhotoDecoder } from './profile/photo-image';
export { type S3Location, s3PhotoStore } from './profile/photo-s3';
export { type PhotoStore, postgresPhotoStore } from './profile/photo-store';
export { type DiskPhotoReport, isPhotoKey, moveDiskPhotos, PHOTOS_PATH, type PhotoLog } from './profile/service';
export { generateVapidKeys, newPushDeliveryCounts, type PushDeliveryCounts, startPushQueue, type VapidKeys } from './push/sender';
export { unsubscribeDevice } from './push/subscriptions';
export { type AppRouter, appRouter } from './root';
export { type AppMeta, type Credentials, tierFactsOf } from './trpc';
export { approveVipRequest } from './vip/review';
