import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** What the database keeps of a session token: its SHA-256, so a leaked table opens no session. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** 160 random bits, base32: a session token for a cookie. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Compares two secrets in time that does not depend on where they differ (or on their lengths). */
export function secretsMatch(given: string, expected: string): boolean {
  const a = sha256(new TextEncoder().encode(given));
  const b = sha256(new TextEncoder().encode(expected));
  return timingSafeEqual(a, b);
}
