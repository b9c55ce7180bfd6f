import type { PasskeyOptions, PasskeyStepUpInput } from '@app/contracts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { trpc } from './trpc-hooks';

/** Whose passkeys: an admin's (admin-web) or the commission operator's (commission-web). */
export type PasskeyOwner = 'admin' | 'operator';

/** The browser's answer, as the server's schema takes it (it checks the rest itself). */
type PasskeyAnswer = PasskeyStepUpInput['response'];

/**
 * The browser's side of the two WebAuthn ceremonies, with @simplewebauthn/browser loaded only when one
 * starts (docs/architecture.md#passkeys-and-the-step-up): the panels' first code does not carry it.
 */
export async function makePasskey(options: PasskeyOptions): Promise<PasskeyAnswer> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return answer as unknown as PasskeyAnswer;
}

export async function answerWithPasskey(options: PasskeyOptions): Promise<PasskeyAnswer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return answer as unknown as PasskeyAnswer;
}

/** The passkey procedures of an owner: the admin's and the operator's are the same router (packages/api/src/passkeys/router.ts). */
export function passkeyProcedures(owner: PasskeyOwner) {
  return owner === 'admin' ? trpc.admin.passkeys : trpc.commission.passkeys;
}
