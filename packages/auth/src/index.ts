export { createOidcClient, OidcSignInError } from './oidc';
export { createOperatorSessions, OPERATOR_COOKIE, type OperatorSessions } from './operator-sessions';
export { countRateLimitHit, forgiveRateLimitHit, purgeEndedRateLimits, type RateLimitCount } from './rate-limit';
export { createSessionManager, endUserSessions, SESSION_COOKIE, type SessionCookie, type SessionManager } from './sessions';
export { AccountBannedError, signInPerson, UnverifiedEmailInUseError, type VerifiedPerson } from './sign-in';
export { hashToken, secretsMatch } from './tokens';
