import type { SessionCookie } from '@app/auth';
import type { Language } from '@app/contracts';

/** The parts of an HTTP exchange a procedure may touch, independent of the web framework. */
export interface RequestScope {
  /** The client's address as the trusted proxies saw it (TRUST_PROXY). */
  ip: string;
  /**
   * The browser's long-lived device id (its HttpOnly `device` cookie, set at the first visit), or null
   * when the client showed none: nothing is recorded under an id until the client brings it back, so a
   * client that drops cookies leaves no trail of one-request devices (and costs no risk refresh each call).
   */
  deviceId: string | null;
  /**
   * The browser's traits as the member app sends them with every call (X-Device-Traits: 64 hex digits,
   * docs/product-rules.md#fraud-rules), or null when it sent none or something else. A client can forge it
   * like the device id: one signal among several.
   */
  deviceTraits: string | null;
  /**
   * The browser says another site started the request (a link or a form elsewhere: Sec-Fetch-Site
   * cross-site or same-site). Such a request may read, but what a read would also change is left alone.
   */
  startedElsewhere: boolean;
  /** The request's own origin (its protocol and Host): the passkeys' relying party where PUBLIC_URL is unset. */
  ownOrigin: string;
  /** The visitor's language: their language cookie, else the browser's Accept-Language (docs/architecture.md#two-languages). */
  language: Language;
  cookie(name: string): string | undefined;
  setCookie(cookie: SessionCookie): void;
  /** A header of the answer (such as X-Total-Count beside a list that is not paged). */
  setHeader(name: string, value: string): void;
}
