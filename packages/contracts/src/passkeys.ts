import { PASSKEY_NAME_MAX_LENGTH } from './constants';
import { recordId, storable } from './inputs';
import { staffMessages } from './staff-messages';
import { memberText } from './text';
import { z } from './zod';

const m = staffMessages.passkeys;

/** A registered passkey as its owner's list shows it (docs/architecture.md#passkeys-and-the-step-up). */
export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * The actor's passkeys and where their step-up stands: `stepUpUntil` while a step-up lasts, `required` when
 * ADMIN_PASSKEY_REQUIRED makes a passkey a condition of every money decision.
 */
export const passkeyListSchema = z
  .object({
    passkeys: z.array(passkeySchema),
    stepUpUntil: z.string().nullable(),
    required: z.boolean(),
  })
  .meta({ id: 'Passkeys' });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * WebAuthn's options as JSON (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON): what
 * @simplewebauthn/browser hands the browser. Only the challenge is named; the rest is WebAuthn's.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeyOptions' });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** The browser's answer to a ceremony (RegistrationResponseJSON or AuthenticationResponseJSON), checked by the server's verifier. */
const passkeyResponse = z.looseObject(
  {
    id: z.string({ error: m.responseInvalid }).max(1024, m.responseInvalid),
    rawId: z.string({ error: m.responseInvalid }).max(1024, m.responseInvalid),
    type: z.literal('public-key', { error: m.responseInvalid }),
    response: z.looseObject({ clientDataJSON: z.string({ error: m.responseInvalid }) }, { error: m.responseInvalid }),
  },
  { error: m.responseInvalid },
);

export const passkeyRegistrationInput = z.object({
  // By the text rule (docs/product-rules.md#text-members-write): the name stands in the admin log, where a direction control
  // could make one passkey's entry read as another's.
  name: storable(memberText(m.nameRequired).trim().min(1, m.nameRequired).max(PASSKEY_NAME_MAX_LENGTH, m.nameTooLong)),
  response: passkeyResponse,
});
export type PasskeyRegistrationInput = z.infer<typeof passkeyRegistrationInput>;

/** The form of the passkeys page: the name; the browser's answer is added when the ceremony ends. */
export const passkeyNameForm = passkeyRegistrationInput.pick({ name: true });

export const passkeyStepUpInput = z.object({ response: passkeyResponse });
export type PasskeyStepUpInput = z.infer<typeof passkeyStepUpInput>;

export const passkeyStepUpOutput = z.object({ stepUpUntil: z.string() });

export const passkeyRemoveInput = z.object({ id: recordId });
