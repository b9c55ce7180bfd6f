import { STEP_UP_MINUTES } from './constants';

/**
 * The passkey texts of the staff catalogue (`staffMessages.passkeys`, staff-messages.ts): the passkeys and the
 * step-up for money decisions (docs/architecture.md#passkeys-and-the-step-up), in a file of their own so that
 * each stays short.
 */
export const passkeyMessages = {
  stepUpRequired: `Confirm with your passkey: money decisions need a passkey check in the last ${STEP_UP_MINUTES} minutes`,
  passkeyRequired: 'Register a passkey first: money decisions need one',
  challengeMissing: 'This passkey check has expired or was already used. Please try again.',
  verificationFailed: 'The passkey could not be verified. Please try again.',
  unknownPasskey: 'This passkey is not registered here',
  alreadyRegistered: 'This passkey is already registered',
  notFound: 'Passkey not found',
  nameRequired: 'Give the passkey a name',
  nameTooLong: 'The name must be at most 60 characters',
  responseInvalid: 'The passkey answer is not valid',
  title: 'Passkeys',
  intro: `A passkey on this device or a security key confirms money decisions: once you have one, approving payouts, editing balances, holds and commission ask for it again after ${STEP_UP_MINUTES} minutes.`,
  empty: 'No passkeys yet',
  loadFailed: 'Failed to load your passkeys',
  add: 'Add a passkey',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. Work laptop',
  created: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  remove: 'Remove',
  removeTitle: 'Remove this passkey?',
  removeBody: (name: string) => `"${name}" will no longer confirm money decisions.`,
  removed: 'Passkey removed',
  added: 'Passkey added',
  addFailed: 'The passkey was not added',
  promptTitle: 'Confirm with your passkey',
  promptBody: 'This is a money decision: confirm it is you with your passkey.',
  promptConfirm: 'Use passkey',
  notMade: 'Not confirmed: the decision was not made.',
  requiredNotice: 'Money decisions need a passkey here: add one below.',
  overviewNotice: 'Add a passkey: it protects money decisions made from your account.',
  overviewLink: 'Set up a passkey',
  unsupported: 'This browser cannot use passkeys.',
} as const;
