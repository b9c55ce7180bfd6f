import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from './schema';

// No 0/O or 1/I, so a code read aloud or copied by hand survives.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateReferralCode(length = 8): string {
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

/** Creates a user with a fresh referral code, retrying on the (rare) code collision. */
export async function insertUser(db: Kysely<Database>, member: NewMember): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto('users')
        .values({
          email: member.email.toLowerCase(),
          firstName: member.firstName ?? null,
          lastName: member.lastName ?? null,
          isAdmin: member.isAdmin ?? false,
          referralCode: generateReferralCode(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      const isCodeClash = error instanceof Error && /referral_code/.test(error.message);
      if (!isCodeClash || attempt >= 5) throw error;
    }
  }
}
