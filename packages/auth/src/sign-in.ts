import { type Db, findOrCreateUser, type UserRow } from '@app/db';
import { endUserSessions } from './sessions';

export interface VerifiedPerson {
  email: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** The identity provider's issuer and subject; absent for the development sign-in. */
  issuer?: string;
  subject?: string;
  /** Whether the provider vouches for the e-mail; only then may it join an existing account by e-mail. */
  emailVerified?: boolean;
}

export class AccountBannedError extends Error {
  constructor() {
    super('This account has been banned.');
  }
}

/** A provider identity whose unverified e-mail belongs to an existing account: joining them would be a takeover. */
export class UnverifiedEmailInUseError extends Error {
  constructor() {
    super('This e-mail address belongs to another account and the provider has not verified it.');
  }
}

/**
 * Finds or creates the user for a verified person and applies ADMIN_EMAILS. Provider identities are
 * matched by (issuer, subject) first, so a changed e-mail at the provider keeps the same account.
 * Admin is granted only to an e-mail the provider vouches for (the development sign-in has no provider and
 * is offered only where nobody else can reach it). Concurrent first sign-ins of one person make one user.
 * An account made from an e-mail the provider did not vouch for goes to the address's verified owner
 * when they sign in: the other identities are detached and the account's sessions end. A banned user is
 * refused.
 */
export async function signInPerson(db: Db, person: VerifiedPerson, adminEmails: readonly string[]): Promise<UserRow> {
  const email = person.email.trim().toLowerCase();
  const isProviderIdentity = Boolean(person.issuer && person.subject);
  const isAdmin = adminEmails.includes(email) && (!isProviderIdentity || person.emailVerified === true);

  const user = await db.transaction().execute(async (trx) => {
    let existing: UserRow | undefined;
    if (isProviderIdentity) {
      existing = await trx
        .selectFrom('identities as i')
        .innerJoin('users as u', 'u.id', 'i.userId')
        .selectAll('u')
        .where('i.issuer', '=', person.issuer!)
        .where('i.subject', '=', person.subject!)
        .executeTakeFirst();
    }
    if (!existing) {
      const byEmail = await trx
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      if (byEmail && isProviderIdentity && !person.emailVerified) throw new UnverifiedEmailInUseError();
      existing = byEmail;
    }

    let found = existing;
    if (!found) {
      const made = await findOrCreateUser(trx, { email, firstName: person.firstName ?? null, lastName: person.lastName ?? null, isAdmin });
      // Another sign-in made the account a moment ago: the same rule as an account found by e-mail above.
      if (!made.created && isProviderIdentity && !person.emailVerified) throw new UnverifiedEmailInUseError();
      found = made.user;
    }

    if (isProviderIdentity) {
      const emailVerified = person.emailVerified === true;
      if (emailVerified) {
        // The address's verified owner takes the account back from identities that could not vouch for
        // it (whoever registered the address first): they are detached, and every session ends.
        const detached = await trx
          .deleteFrom('identities')
          .where('userId', '=', found.id)
          .where('emailVerified', '=', false)
          .where((eb) => eb.or([eb('issuer', '!=', person.issuer!), eb('subject', '!=', person.subject!)]))
          .returning('id')
          .execute();
        if (detached.length > 0) await endUserSessions(trx, found.id);
      }
      await trx
        .insertInto('identities')
        .values({ userId: found.id, issuer: person.issuer!, subject: person.subject!, emailVerified })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ emailVerified }))
        .execute();
    }

    // Names fill in when the provider first tells them; admin rights follow ADMIN_EMAILS at each sign-in.
    const updates = {
      ...(isAdmin && !found.isAdmin ? { isAdmin: true } : {}),
      ...(!found.firstName && person.firstName ? { firstName: person.firstName } : {}),
      ...(!found.lastName && person.lastName ? { lastName: person.lastName } : {}),
    };
    if (Object.keys(updates).length === 0) return found;
    return trx.updateTable('users').set(updates).where('id', '=', found.id).returningAll().executeTakeFirstOrThrow();
  });

  if (user.accountStatus === 'banned') throw new AccountBannedError();
  return user;
}
