import { withoutHiddenCharacters } from '@app/contracts';
import * as openid from 'openid-client';
import type { VerifiedPerson } from './sign-in';

export interface OidcClientOptions {
  /** The provider's issuer identifier; discovery reads `${issuerUrl}/.well-known/openid-configuration`. */
  issuerUrl: string;
  clientId: string;
  /** Absent for a public client, which then relies on PKCE alone. */
  clientSecret?: string | undefined;
}

/** What the browser must bring back to the callback; kept by the caller between the two steps. */
export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export type OidcFailureReason =
  /** Discovery failed: the provider is down or OIDC_ISSUER_URL is wrong. An operator problem. */
  | 'provider-unavailable'
  /** The provider answered with an error, or the answer failed a check (state, PKCE, nonce, signature). */
  | 'response-rejected'
  | 'email-missing'
  | 'email-unverified';

export class OidcSignInError extends Error {
  constructor(
    readonly reason: OidcFailureReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'OidcSignInError';
  }
}

const SCOPE = 'openid email profile';
/** Each request to the provider (discovery, token, userinfo) has a person waiting on a redirect. */
const REQUEST_TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * OpenID Connect sign-in (authorization code with PKCE S256) over openid-client 6. Discovery runs on
 * first use and is kept; a failed discovery is forgotten so the next sign-in tries again, which lets the
 * server start while the provider is briefly unreachable.
 */
export function createOidcClient(options: OidcClientOptions) {
  const issuer = new URL(options.issuerUrl);
  const insecureLoopback = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
  if (issuer.protocol !== 'https:' && !insecureLoopback) {
    // Refused here, at start-up, rather than at every sign-in: tokens must never cross plain HTTP.
    throw new TypeError(`OIDC issuer ${issuer.href} must use https (plain http is allowed only on a loopback address)`);
  }
  const clientAuthentication = options.clientSecret ? openid.ClientSecretBasic(options.clientSecret) : openid.None();

  let discovered: Promise<openid.Configuration> | undefined;
  const configuration = (): Promise<openid.Configuration> => {
    discovered ??= openid
      .discovery(issuer, options.clientId, undefined, clientAuthentication, {
        timeout: REQUEST_TIMEOUT_SECONDS,
        execute: insecureLoopback ? [openid.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcSignInError('provider-unavailable', `OpenID Connect discovery at ${issuer.href} failed`, { cause: error });
      });
    return discovered;
  };

  return {
    /** Where to send the browser, and the secrets its return must match. */
    async startSignIn(redirectUri: string): Promise<PendingSignIn & { url: URL }> {
      const config = await configuration();
      const codeVerifier = openid.randomPKCECodeVerifier();
      const state = openid.randomState();
      const nonce = openid.randomNonce();
      const url = openid.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, codeVerifier, nonce };
    },

    /**
     * Completes the flow from the URL the provider sent the browser to. Its origin and path must be the
     * registered redirect URI: openid-client sends them to the token endpoint as `redirect_uri`.
     */
    async finishSignIn(callbackUrl: URL, pending: PendingSignIn): Promise<VerifiedPerson> {
      const config = await configuration();
      let claims: Record<string, unknown>;
      let issuerId: string;
      let subject: string;
      try {
        const tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
        });
        // Present: expecting a nonce makes openid-client require and validate an ID token.
        const idToken = tokens.claims()!;
        issuerId = idToken.iss;
        subject = idToken.sub;
        // Many providers keep profile claims out of the ID token of a code flow and serve them at userinfo.
        claims = typeof idToken.email === 'string' ? idToken : await openid.fetchUserInfo(config, tokens.access_token, subject);
      } catch (error) {
        throw new OidcSignInError('response-rejected', `The provider's answer was refused: ${describeFailure(error)}`, { cause: error });
      }

      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      if (!email) throw new OidcSignInError('email-missing', 'The provider gave no e-mail address for this account');
      // Some providers send the claim as a string.
      if (claims.email_verified === false || claims.email_verified === 'false') {
        throw new OidcSignInError('email-unverified', "The provider has not verified this account's e-mail address");
      }
      return {
        email,
        firstName: optionalString(claims.given_name),
        lastName: optionalString(claims.family_name),
        issuer: issuerId,
        subject,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      };
    },
  };
}

/** A profile claim as the product keeps it (docs/product-rules.md#text-members-write), or null when empty. */
function optionalString(value: unknown): string | null {
  const text = typeof value === 'string' ? withoutHiddenCharacters(value).trim() : '';
  return text || null;
}

/** A short description for logs: the provider's error code when there is one, else the message. */
function describeFailure(error: unknown): string {
  if (error instanceof openid.AuthorizationResponseError || error instanceof openid.ResponseBodyError) {
    return error.error_description ? `${error.error}: ${error.error_description}` : error.error;
  }
  if (!(error instanceof Error)) return String(error);
  // openid-client wraps the specific finding (such as a state mismatch) in a generic message.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
