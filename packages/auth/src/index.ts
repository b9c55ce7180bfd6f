export {
  createOidcClient,
  type OidcClient,
  type OidcClientOptions,
  type OidcFailureReason,
  OidcSignInError,
  type PendingSignIn,
} from './oidc';
export { createOperatorSessions, OPERATOR_COOKIE, type OperatorSessions } from './operator-sessions';
export { countRateLimitHit, forgiveRateLimitHit, purgeEndedRateLimits, type RateLimitCount } from './rate-limit';
export { createSessionManager, endUserSessions, SESSION_COOKIE, type SessionCookie, type SessionManager, type SignedIn } from './sessions';
export { AccountBannedError, signInPerson, UnverifiedEmailInUseError, type VerifiedPerson } from './sign-in';
export { generateToken, hashToken, secretsMatch } from './tokens';
