import { hash, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

const sha256 = (text: string) => hash('sha256', text, 'buffer');

/**
 * What the database keeps of a session token: its SHA-256 in hex, so a leaked table opens no session.
 * Node's one-shot native hash: this runs on every signed-in request, and building a Hash object for it
 * cost about seven times as long.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** 160 random bits, base32: a session token for a cookie. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Compares two secrets in time that does not depend on where they differ (or on their lengths). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}
