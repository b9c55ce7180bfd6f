import { hashToken } from '@app/auth';
import {
  PASSKEY_CHALLENGE_MINUTES,
  type Passkey,
  type PasskeyList,
  type PasskeyOptions,
  type PasskeyRegistrationInput,
  type PasskeyStepUpInput,
  STEP_UP_MINUTES,
  staffMessages,
} from '@app/contracts';
import type { Tx } from '@app/db';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { badRequest, isUniqueViolation, notFound } from '../lib/errors';
import { logPasskeyEvent, ownerColumns, ownPasskeys, type PasskeyScope, sessionKindOf, sessionTable } from './owner';
import { readStepUpUntil } from './step-up';

const m = staffMessages.passkeys;
const MINUTE_MS = 60_000;

/**
 * Keeps the session's one pending challenge, replacing any earlier one: only the latest ceremony may finish.
 * Expired ones, of sessions that never answered theirs, go at the same time, so the table stays small.
 */
async function keepChallenge(scope: PasskeyScope, purpose: 'register' | 'step_up', challenge: string): Promise<void> {
  const sessionKind = sessionKindOf(scope.actor);
  const sessionId = hashToken(scope.actor.sessionToken);
  const expiresAt = new Date(scope.now.getTime() + PASSKEY_CHALLENGE_MINUTES * MINUTE_MS);
  await scope.db.deleteFrom('passkeyChallenges').where('expiresAt', '<=', scope.now).execute();
  await scope.db
    .insertInto('passkeyChallenges')
    .values({ sessionKind, sessionId, purpose, challenge, expiresAt })
    .onConflict((oc) => oc.columns(['sessionKind', 'sessionId']).doUpdateSet({ purpose, challenge, expiresAt }))
    .execute();
}

/**
 * Takes the session's pending challenge of this purpose, deleting it in the caller's transaction, so a
 * challenge answers once even when two answers race (the second finds no row). An expired or missing one
 * is refused.
 */
async function takeChallenge(trx: Tx, scope: PasskeyScope, purpose: 'register' | 'step_up'): Promise<string> {
  const row = await trx
    .deleteFrom('passkeyChallenges')
    .where('sessionKind', '=', sessionKindOf(scope.actor))
    .where('sessionId', '=', hashToken(scope.actor.sessionToken))
    .where('purpose', '=', purpose)
    .returning(['challenge', 'expiresAt'])
    .executeTakeFirst();
  if (!row || row.expiresAt <= scope.now) throw badRequest(m.challengeMissing);
  return row.challenge;
}

/** A verifier of @simplewebauthn/server throws on a wrong origin, challenge or signature: each is one refusal. */
const unverified = () => null;

const toPasskey = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The actor's passkeys, oldest first, and where their step-up stands. */
export async function listPasskeys(scope: Omit<PasskeyScope, 'rp'>, required: boolean): Promise<PasskeyList> {
  const [rows, stepUpUntil] = await Promise.all([
    ownPasskeys(scope.db, scope.actor).select(['id', 'name', 'createdAt', 'lastUsedAt']).orderBy('createdAt').orderBy('id').execute(),
    readStepUpUntil(scope.db, scope.actor),
  ]);
  const lasting = stepUpUntil && stepUpUntil > scope.now ? stepUpUntil.toISOString() : null;
  return { passkeys: rows.map(toPasskey), stepUpUntil: lasting, required };
}

/** The options of a registration: the actor's passkeys are excluded, so one authenticator is registered once. */
export async function passkeyRegistrationOptions(scope: PasskeyScope): Promise<PasskeyOptions> {
  const existing = await ownPasskeys(scope.db, scope.actor).select(['credentialId', 'transports']).execute();
  const { actor } = scope;
  const userName = actor.kind === 'admin' ? actor.email : actor.username;
  const userKey = actor.kind === 'admin' ? `admin:${actor.userId}` : `operator:${actor.username}`;
  const options = await generateRegistrationOptions({
    rpName: 'PesoTasks',
    rpID: scope.rp.id,
    userName,
    userID: new TextEncoder().encode(userKey),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await keepChallenge(scope, 'register', options.challenge);
  return { ...options };
}

/** What the browser's answer must match: the session's challenge (taken, so it answers once), this site, a verified user. */
async function expectedAnswer(trx: Tx, scope: PasskeyScope, purpose: 'register' | 'step_up') {
  return {
    expectedChallenge: await takeChallenge(trx, scope, purpose),
    expectedOrigin: scope.rp.origin,
    expectedRPID: scope.rp.id,
    requireUserVerification: true,
  };
}

/** Verifies the browser's answer to the session's registration challenge, keeps the passkey and logs it. */
export async function registerPasskey(scope: PasskeyScope, input: PasskeyRegistrationInput): Promise<Passkey> {
  return scope.db.transaction().execute(async (trx) => {
    const expected = await expectedAnswer(trx, scope, 'register');
    const result = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      ...expected,
    }).catch(unverified);
    if (!result?.verified) throw badRequest(m.verificationFailed);
    const { credential } = result.registrationInfo;
    const row = await trx
      .insertInto('passkeys')
      .values({
        ...ownerColumns(scope.actor),
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: input.name,
        createdAt: scope.now,
      })
      .returning(['id', 'name', 'createdAt', 'lastUsedAt'])
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? badRequest(m.alreadyRegistered) : error;
      });
    await logPasskeyEvent(trx, scope.actor, 'passkey_register', { passkeyId: row.id, name: row.name });
    return toPasskey(row);
  });
}

/** The options of a step-up: the actor's own passkeys are the only ones allowed to answer. */
export async function passkeyStepUpOptions(scope: PasskeyScope): Promise<PasskeyOptions> {
  const keys = await ownPasskeys(scope.db, scope.actor).select(['credentialId', 'transports']).execute();
  if (keys.length === 0) throw notFound(m.notFound);
  const options = await generateAuthenticationOptions({
    rpID: scope.rp.id,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports })),
    userVerification: 'required',
  });
  await keepChallenge(scope, 'step_up', options.challenge);
  return { ...options };
}

/**
 * Verifies the browser's answer to the session's step-up challenge with one of the actor's passkeys: the
 * passkey's counter and last use move, the session's step-up lasts STEP_UP_MINUTES from now, and the use is
 * logged, in one transaction. A counter that did not grow (a cloned authenticator) fails the verification.
 */
export async function stepUpWithPasskey(scope: PasskeyScope, input: PasskeyStepUpInput): Promise<{ stepUpUntil: string }> {
  return scope.db.transaction().execute(async (trx) => {
    const expected = await expectedAnswer(trx, scope, 'step_up');
    const key = await ownPasskeys(trx, scope.actor)
      .select(['id', 'credentialId', 'publicKey', 'counter', 'transports'])
      .where('credentialId', '=', input.response.id)
      .forUpdate()
      .executeTakeFirst();
    if (!key) throw badRequest(m.unknownPasskey);
    const result = await verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      ...expected,
      credential: {
        id: key.credentialId,
        publicKey: Buffer.from(key.publicKey, 'base64url'),
        counter: key.counter,
        transports: key.transports,
      },
    }).catch(unverified);
    if (!result?.verified) throw badRequest(m.verificationFailed);
    const { authenticationInfo } = result;
    await trx
      .updateTable('passkeys')
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: scope.now })
      .where('id', '=', key.id)
      .execute();
    const stepUpUntil = new Date(scope.now.getTime() + STEP_UP_MINUTES * MINUTE_MS);
    await trx.updateTable(sessionTable(scope.actor)).set({ stepUpUntil }).where('id', '=', hashToken(scope.actor.sessionToken)).execute();
    await logPasskeyEvent(trx, scope.actor, 'passkey_step_up', { passkeyId: key.id, stepUpUntil: stepUpUntil.toISOString() });
    return { stepUpUntil: stepUpUntil.toISOString() };
  });
}

/**
 * Removes one of the actor's passkeys, logged. The last one may go too: the actor is then as one who never
 * had a passkey (asked to register one when ADMIN_PASSKEY_REQUIRED is on). The procedure's tier has already
 * asked for a fresh step-up, so a session left open cannot strip an admin's passkeys.
 */
export async function removePasskey(scope: Omit<PasskeyScope, 'rp'>, id: string): Promise<void> {
  await scope.db.transaction().execute(async (trx) => {
    const row = await ownPasskeys(trx, scope.actor).where('id', '=', id).select(['id', 'name']).executeTakeFirst();
    if (!row) throw notFound(m.notFound);
    await trx.deleteFrom('passkeys').where('id', '=', row.id).execute();
    await logPasskeyEvent(trx, scope.actor, 'passkey_remove', { passkeyId: row.id, name: row.name });
  });
}
