import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from './schema';

/**
 * PostgreSQL's version of each user row (`xmin`, the transaction that wrote it) that was read with one, by
 * the row object read: a statement may then require the row to be unchanged (`xmin = version`) and act on
 * what was decided from it without reading it again (docs/architecture.md#caches).
 */
const rowVersions = new WeakMap<object, string>();

export function rememberRowVersion(row: object, version: string): void {
  rowVersions.set(row, version);
}

/** The version the row object was read at, if it was read with one. */
export function rowVersionOf(row: object): string | undefined {
  return rowVersions.get(row);
}

// No 0/O or 1/I, so a code read aloud or copied by hand survives.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function generateReferralCode(length = 8): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

export interface NewMember {
  email: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  isAdmin?: boolean;
}

/** How many fresh referral codes a new user is tried with before giving up (a clash is about 1 in 10^12). */
const CODE_ATTEMPTS = 5;

/**
 * Creates a user with a fresh referral code; the (rare) code clash is retried with another code. The
 * clash is skipped with ON CONFLICT rather than caught, so the retry also works inside a transaction,
 * where a failed statement would abort everything after it. An e-mail already in use still fails.
 */
export async function insertUser(db: Kysely<Database>, member: NewMember, generateCode = generateReferralCode): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    const row = await db
      .insertInto('users')
      .values(newUserValues(member, generateCode()))
      .onConflict((oc) => oc.column('referralCode').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    if (attempt >= CODE_ATTEMPTS) throw new Error(`No free referral code after ${CODE_ATTEMPTS} attempts`);
  }
}

/**
 * The user with this e-mail, created if there is none. Safe to run concurrently for one new e-mail
 * (twenty first sign-ins at once): one insert wins, the others find its row; a referral-code clash is
 * retried with another code.
 */
export async function findOrCreateUser(
  db: Kysely<Database>,
  member: NewMember,
  generateCode = generateReferralCode,
): Promise<{ user: UserRow; created: boolean }> {
  const email = member.email.toLowerCase();
  for (let attempt = 1; ; attempt++) {
    const created = await db
      .insertInto('users')
      .values(newUserValues(member, generateCode()))
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created) return { user: created, created: true };
    const existing = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    if (existing) return { user: existing, created: false };
    if (attempt >= CODE_ATTEMPTS) throw new Error(`No free referral code after ${CODE_ATTEMPTS} attempts`);
  }
}

function newUserValues(member: NewMember, referralCode: string) {
  return {
    email: member.email.toLowerCase(),
    firstName: member.firstName ?? null,
    lastName: member.lastName ?? null,
    isAdmin: member.isAdmin ?? false,
    referralCode,
  };
}
