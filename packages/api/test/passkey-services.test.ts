import { createOperatorSessions, createSessionManager } from '@app/auth';
import { STEP_UP_MINUTES } from '@app/contracts';
import { createAppCaches, insertUser } from '@app/db';
import { beforeAll, describe, expect, it } from 'vitest';
// By path: @app/testkit is no dependency of @app/api, whose router its types import (the build graph stays acyclic).
import { softPasskey } from '../../testkit/src/webauthn';
import { type PasskeyActor, type PasskeyScope, relyingPartyOf } from '../src/passkeys/owner';
import * as service from '../src/passkeys/service';
import { requireStepUp } from '../src/passkeys/step-up';
import { refusal, serviceDatabase } from './services';

const ORIGIN = 'http://localhost:3000';
const MINUTE = 60_000;

/**
 * Passkeys and the step-up of money decisions (docs/architecture.md#passkeys-and-the-step-up), on a
 * software passkey whose signatures the real verifier checks: the rule for an actor with and without a
 * passkey, the step-up's ten minutes on the service clock, challenges answered once, the counter, and a
 * log row for each registration, use and removal.
 */
describe('passkeys and the step-up', () => {
  const database = serviceDatabase('passkey-admin@example.com');
  let clock = new Date('2026-03-02T08:00:00Z');
  const scopeOf = (actor: PasskeyActor): PasskeyScope => ({ db: database.handle.db, now: clock, rp: relyingPartyOf(ORIGIN), actor });

  let newAdmin: (email: string) => Promise<PasskeyActor>;
  beforeAll(async () => {
    const sessions = createSessionManager(database.handle.db, {
      secureCookies: false,
      caches: createAppCaches(await database.handle.changes()),
    });
    newAdmin = async (email) => {
      const admin = await insertUser(database.handle.db, { email, isAdmin: true });
      const { token } = await sessions.createSession(admin.id);
      return { kind: 'admin', userId: admin.id, email, sessionToken: token, ip: '203.0.113.30' };
    };
  });

  async function registered(actor: PasskeyActor, name = 'Laptop') {
    const passkey = softPasskey(ORIGIN);
    const options = await service.passkeyRegistrationOptions(scopeOf(actor));
    const saved = await service.registerPasskey(scopeOf(actor), { name, response: passkey.register(options) as never });
    return { passkey, saved };
  }

  async function stepUp(actor: PasskeyActor, passkey: ReturnType<typeof softPasskey>) {
    const options = await service.passkeyStepUpOptions(scopeOf(actor));
    return service.stepUpWithPasskey(scopeOf(actor), { response: passkey.authenticate(options) as never });
  }

  const logged = async (action: string) =>
    database.handle.db.selectFrom('adminLogs').select(['adminId', 'details']).where('action', '=', action).orderBy('seq').execute();

  it('lets an admin without a passkey through, and refuses them when a passkey is required', async () => {
    const admin = await newAdmin('no-passkey@example.com');
    await expect(requireStepUp(database.handle.db, admin, clock, false)).resolves.toBeUndefined();
    const refused = await refusal(requireStepUp(database.handle.db, admin, clock, true));
    expect(refused.code).toBe('PASSKEY_REQUIRED');
  });

  it('refuses an admin with a passkey until they step up, then for 10 minutes lets them through', async () => {
    const admin = await newAdmin('steps-up@example.com');
    const { passkey, saved } = await registered(admin);
    expect((await refusal(requireStepUp(database.handle.db, admin, clock, false))).code).toBe('STEP_UP_REQUIRED');
    expect((await refusal(requireStepUp(database.handle.db, admin, clock, true))).code).toBe('STEP_UP_REQUIRED');

    const { stepUpUntil } = await stepUp(admin, passkey);
    expect(stepUpUntil).toBe(new Date(clock.getTime() + STEP_UP_MINUTES * MINUTE).toISOString());
    await expect(requireStepUp(database.handle.db, admin, new Date(clock.getTime() + 9 * MINUTE), false)).resolves.toBeUndefined();
    const late = await refusal(requireStepUp(database.handle.db, admin, new Date(clock.getTime() + STEP_UP_MINUTES * MINUTE), false));
    expect(late.code).toBe('STEP_UP_REQUIRED');

    const list = await service.listPasskeys(scopeOf(admin), false);
    expect(list).toEqual({
      passkeys: [{ id: saved.id, name: 'Laptop', createdAt: clock.toISOString(), lastUsedAt: clock.toISOString() }],
      stepUpUntil,
      required: false,
    });
    const adminId = admin.kind === 'admin' ? admin.userId : null;
    const ofAdmin = async (action: string) => (await logged(action)).filter((row) => row.adminId === adminId);
    expect(await ofAdmin('passkey_register')).toEqual([{ adminId, details: { passkeyId: saved.id, name: 'Laptop' } }]);
    expect(await ofAdmin('passkey_step_up')).toEqual([{ adminId, details: { passkeyId: saved.id, stepUpUntil } }]);
  });

  it('keeps one step-up per session: another session of the same admin is still refused', async () => {
    const admin = await newAdmin('two-sessions@example.com');
    const { passkey } = await registered(admin);
    await stepUp(admin, passkey);
    const sessions = createSessionManager(database.handle.db, {
      secureCookies: false,
      caches: createAppCaches(await database.handle.changes()),
    });
    if (admin.kind !== 'admin') throw new Error('an admin');
    const other = { ...admin, sessionToken: (await sessions.createSession(admin.userId)).token };
    expect((await refusal(requireStepUp(database.handle.db, other, clock, false))).code).toBe('STEP_UP_REQUIRED');
  });

  it('answers a challenge once, and not after it expired', async () => {
    const admin = await newAdmin('one-answer@example.com');
    const { passkey } = await registered(admin);
    const options = await service.passkeyStepUpOptions(scopeOf(admin));
    const answer = passkey.authenticate(options);
    await service.stepUpWithPasskey(scopeOf(admin), { response: answer as never });
    const replay = await refusal(service.stepUpWithPasskey(scopeOf(admin), { response: answer as never }));
    expect(replay.message).toBe('This passkey check has expired or was already used. Please try again.');

    const stale = passkey.authenticate(await service.passkeyStepUpOptions(scopeOf(admin)));
    clock = new Date(clock.getTime() + 6 * MINUTE);
    expect((await refusal(service.stepUpWithPasskey(scopeOf(admin), { response: stale as never }))).code).toBe('BAD_REQUEST');
  });

  it('refuses an answer whose counter did not grow (a cloned authenticator)', async () => {
    const admin = await newAdmin('counter@example.com');
    const { passkey } = await registered(admin);
    await stepUp(admin, passkey);
    passkey.setCounter(0);
    const cloned = await refusal(stepUp(admin, passkey));
    expect(cloned.message).toBe('The passkey could not be verified. Please try again.');
  });

  it("refuses another admin's passkey and a registration answered for another site", async () => {
    const owner = await newAdmin('owner@example.com');
    const other = await newAdmin('other@example.com');
    const { passkey } = await registered(owner);
    await registered(other);
    const options = await service.passkeyStepUpOptions(scopeOf(other));
    expect((await refusal(service.stepUpWithPasskey(scopeOf(other), { response: passkey.authenticate(options) as never }))).message).toBe(
      'This passkey is not registered here',
    );

    const elsewhere = softPasskey('https://phishing.example');
    const registration = await service.passkeyRegistrationOptions(scopeOf(other));
    const refused = await refusal(
      service.registerPasskey(scopeOf(other), { name: 'Phish', response: elsewhere.register(registration) as never }),
    );
    expect(refused.message).toBe('The passkey could not be verified. Please try again.');
  });

  it('removes a passkey with its log row; the last one too, after which the admin is as one without', async () => {
    const admin = await newAdmin('removes@example.com');
    const { saved } = await registered(admin, 'Phone');
    await service.removePasskey(scopeOf(admin), saved.id);
    expect((await service.listPasskeys(scopeOf(admin), false)).passkeys).toEqual([]);
    await expect(requireStepUp(database.handle.db, admin, clock, false)).resolves.toBeUndefined();
    expect((await logged('passkey_remove')).at(-1)?.details).toEqual({ passkeyId: saved.id, name: 'Phone' });
    expect((await refusal(service.removePasskey(scopeOf(admin), saved.id))).code).toBe('NOT_FOUND');
  });

  it("keys the operator's passkeys by its username and steps up its own session", async () => {
    const operators = createOperatorSessions(database.handle.db, { secureCookies: false });
    const operator: PasskeyActor = {
      kind: 'operator',
      username: 'operator',
      sessionToken: await operators.create('operator', clock),
      ip: '203.0.113.31',
    };
    const { passkey, saved } = await registered(operator, 'Operator key');
    expect((await refusal(requireStepUp(database.handle.db, operator, clock, false))).code).toBe('STEP_UP_REQUIRED');
    await stepUp(operator, passkey);
    await expect(requireStepUp(database.handle.db, operator, clock, false)).resolves.toBeUndefined();
    const registrations = await logged('passkey_register');
    expect(registrations.at(-1)).toEqual({ adminId: null, details: { operator: 'operator', passkeyId: saved.id, name: 'Operator key' } });
  });
});
