import type { OperatorSessions, SessionManager } from '@app/auth';
import type { Language, MaintenanceStatus } from '@app/contracts';
import type { AppCaches, Db, UserRow } from '@app/db';
import type { RequestScope } from './lib/request-scope';
import type { AttemptCounter } from './lib/wrong-passwords';
import type { StreamSlot } from './live/admission';
import type { LiveHub } from './live/hub';
import type { PhotoDecoder } from './profile/photo-image';
import type { PhotoStore } from './profile/photo-store';

/** What the API needs from the configuration; the server reads and validates it. */
interface ApiSettings {
  timeZone: string;
  taskViewSeconds: number;
  adminPanelPassword: string;
  adminUnlockHours: number;
  commissionUsername: string;
  commissionPassword: string;
  secureCookies: boolean;
  /** BALANCE_CEILING in centavos: no admin edit raises a balance above it (docs/product-rules.md#admin-access). */
  balanceCeiling: number;
  /** Lower-case e-mails that become admins at sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** AD_CLIENT_ID, when ads are configured. */
  adClientId?: string | undefined;
  /** OIDC_ACCOUNT_URL: the identity provider's account page. */
  accountUrl?: string | undefined;
  /** DATA_DIR/uploads: photos from before the photo store, until they are moved into it (docs/architecture.md#uploads). */
  uploadsDir: string;
  /** ADMIN_PASSKEY_REQUIRED: an admin or operator without a passkey is refused money decisions (docs/architecture.md#passkeys-and-the-step-up). */
  passkeyRequired: boolean;
  /** PUBLIC_URL's origin, when set: the passkeys' relying party; else each request's own origin. */
  publicOrigin: string | undefined;
  /** Development sign-in is on only without an identity provider and outside production. */
  devLoginEnabled: boolean;
  /**
   * Whose clock times task views: the database's (always in production), or the server's, for tests that
   * move the server's clock instead of waiting.
   */
  viewClock: 'database' | 'server';
  /** Web push (docs/architecture.md#web-push): the VAPID public key, null when push is off. */
  push: {
    publicKey: string | null;
    /** Origins a test's own push endpoint is served on, allowed beside the push services; empty outside tests. */
    testEndpointOrigins: readonly string[];
  };
}

/** Long-lived dependencies, made once at start. */
export interface ApiDeps {
  db: Db;
  /** What this instance keeps in memory, dropped by the change notifications of every instance. */
  caches: AppCaches;
  /** The live streams open on this instance, fed by the same notifications. */
  live: LiveHub;
  /** Where profile photos are kept, shared by every instance: the photos table, or S3 with S3_URL. */
  photos: PhotoStore;
  /** Decodes uploaded photos, a bounded number at once on this instance (docs/architecture.md#uploads). */
  photoDecoder: PhotoDecoder;
  sessions: SessionManager;
  operatorSessions: OperatorSessions;
  settings: ApiSettings;
  /** Wrong-password counters, shared by every instance. */
  attempts: AttemptCounter;
  /** The server's clock; tests replace it to cross day boundaries. */
  now: () => Date;
}

export interface Context extends ApiDeps {
  req: RequestScope;
  user: UserRow | null;
  sessionToken: string | null;
  /**
   * The request carried a session cookie that no longer opens a session (signed out elsewhere, ended by a
   * ban, expired): a refusal then tells the page its session ended, not that nobody had signed in.
   */
  sessionEnded: boolean;
  adminUnlockedUntil: Date | null;
  operator: { username: string; token: string } | null;
  /**
   * The site's maintenance status, read at most once per request: the procedures of one tRPC batch
   * share it rather than each reading the settings row.
   */
  readMaintenanceStatus(): Promise<MaintenanceStatus>;
  /** The place the server admitted this request's live stream into before answering it (admitLiveStream). */
  liveSlot?: StreamSlot;
}

/** The language the server writes a request's texts in: the member's stored choice, else the request's (docs/architecture.md#two-languages). */
export function languageOf(ctx: Pick<Context, 'user' | 'req'>): Language {
  return ctx.user?.language ?? ctx.req.language;
}
