import type { PayoutMethod } from './constants';
import {
  ACCOUNT_NUMBER_DIGITS,
  canonicalEmail,
  digitRuns,
  findMobile,
  formatMobile,
  PAY_ID_DIGITS,
  type Reading,
  readBank,
  readDigits,
  readEmail,
  readName,
  refused,
} from './destination-readers';
import {
  DESTINATION_FIELDS,
  type DestinationField,
  type DestinationFields,
  PAYOUT_BANKS,
  type PayoutDestination,
} from './destination-shapes';
import { messages } from './messages';
import { maskEmail } from './referrals';
import { hiddenCharacterRefusal, withoutInvisibles } from './text';

/**
 * Payout destinations are data, not free text (docs/product-rules.md#payout-destinations). Each method names
 * the fields its destination is made of; a request gives them (or, from an old client, one text the fields are
 * read from), and what is stored is the destination as read: a mobile number in E.164, an e-mail, a bank and
 * account number, a Binance Pay ID, with the account holder's name where the wallet or bank shows one. Accounts
 * are compared by a key made from it (`destinationKey`), so one wallet written two ways is one destination.
 */

const m = messages.payouts.destination;

// --- Reading a request -----------------------------------------------------------------------------

/** Words an old client's text may carry beside the destination, which are no part of a name. */
const LABELS =
  /\b(?:g-?cash|pay\s?maya|maya|coins(?:\.ph)?|paypal|binance|pay\s?id|id|bdo|bank|transfer|acct|account|no|number|name|mobile|cp|cell)\b\.?/giu;
const SEPARATORS = /[()[\]{}:;,/|\\#·•*_]+/gu;

/** A text without those words and signs: what is left of a name. */
function words(text: string): string {
  // A dash standing alone separates; inside a name (Dela Cruz-Santos) it is part of it.
  return text
    .replace(LABELS, ' ')
    .replace(SEPARATORS, ' ')
    .replace(/(?<=^|\s)\p{Dash_Punctuation}+(?=\s|$)/gu, ' ');
}

/** Fields that hold a number, where an invisible character pasted with it is dropped rather than refused. */
const NUMBER_FIELDS: ReadonlySet<DestinationField> = new Set(['mobile', 'account', 'accountNumber', 'payId']);

/**
 * The destination a request names: its method's fields, each read by its rule (DESTINATION_FIELDS), the
 * other fields ignored (a form keeps what was typed for another method). A field with hidden characters is
 * refused by the text rule; invisible characters inside a number are dropped first, since a number copied
 * from a chat may carry them innocently.
 */
export function readDestination(
  method: PayoutMethod,
  fields: DestinationFields,
  mode: ReadingMode = 'request',
): Reading<PayoutDestination> {
  const destination: PayoutDestination = { method };
  for (const field of DESTINATION_FIELDS[method]) {
    const raw = (fields[field] ?? '').normalize('NFKC');
    const read = NUMBER_FIELDS.has(field) ? withoutInvisibles(raw) : raw;
    const refusal = hiddenCharacterRefusal(read);
    if (refusal) return refused(refusal, field);
    const text = read.trim();
    const describesOnly = mode === 'stored' && !KEY_FIELDS.has(field);
    if (text === '' && describesOnly) continue;
    if (text === '') return refused(m.required[field], field);
    const reading = readField(field, text);
    if ('refusal' in reading && describesOnly) continue;
    if ('refusal' in reading) return reading;
    Object.assign(destination, reading.value);
  }
  if (method === 'BDO') destination.bank = 'BDO';
  return { value: destination };
}

/**
 * How strictly a destination is read: a new request must give every field of its method; a payout stored
 * before destinations were data is read for what it can be compared by (its number, e-mail, account or ID),
 * without the holder's name or the bank it never had to give.
 */
type ReadingMode = 'request' | 'stored';

/** The fields a destination is compared by (destinationKey); the others only describe it. */
const KEY_FIELDS: ReadonlySet<DestinationField> = new Set(['mobile', 'account', 'email', 'accountNumber', 'payId']);

function readField(field: DestinationField, text: string): Reading<Partial<PayoutDestination>> {
  const as = <K extends keyof PayoutDestination>(key: K, reading: Reading<PayoutDestination[K]>): Reading<Partial<PayoutDestination>> =>
    'refusal' in reading ? reading : { value: { [key]: reading.value } };
  switch (field) {
    case 'mobile': {
      const found = findMobile(text, field);
      if ('refusal' in found) return found;
      return /\p{L}/u.test(words(found.value.rest)) ? refused(m.mobileOnly, field) : { value: { mobile: found.value.e164 } };
    }
    case 'account': {
      if (text.includes('@')) return as('email', readEmail(text, field));
      const found = findMobile(text, field);
      return 'refusal' in found ? refused(m.mobileOrEmail, field) : { value: { mobile: found.value.e164 } };
    }
    case 'email':
      return as('email', readEmail(text, field));
    case 'bank':
      return as('bank', readBank(text, field));
    case 'accountNumber':
      return as('accountNumber', readDigits(text, field, ACCOUNT_NUMBER_DIGITS, m.accountNumberInvalid));
    case 'accountName':
      return as('accountName', readName(text, field, m.required.accountName));
    case 'payId':
      return as('payId', readDigits(text, field, PAY_ID_DIGITS, m.payIdInvalid));
    default:
      return refused(m.required[field], field);
  }
}

/**
 * The destination of an old client's one text of payment details, read into the same fields as a form
 * gives: e.g. "0917 123 4567 Juan Dela Cruz" for G-CASH, "BPI 001234567890 Juan Dela Cruz" for a bank
 * transfer. What cannot be read is refused with what to enter; a text naming two numbers or e-mails too.
 */
export function readPaymentDetails(method: PayoutMethod, details: string, mode: ReadingMode = 'request'): Reading<PayoutDestination> {
  const refusal = hiddenCharacterRefusal(withoutInvisibles(details), { multiline: true });
  if (refusal) return refused(refusal, 'paymentDetails');
  const text = withoutInvisibles(details).replace(/\s+/g, ' ').trim();
  const asDetails = (reading: Reading<PayoutDestination>): Reading<PayoutDestination> =>
    'refusal' in reading
      ? refused(reading.refusal === m.required.accountName ? m.legacy[method] : reading.refusal, 'paymentDetails')
      : reading;

  switch (method) {
    case 'G-CASH':
    case 'PAYMAYA': {
      // An e-mail beside the number is no name; asked for the two fields, the member gives the right ones.
      if (text.includes('@') && mode === 'request') return refused(m.legacy[method], 'paymentDetails');
      const found = findMobile(text, 'paymentDetails');
      if ('refusal' in found) return refused(found.refusal === m.mobileInvalid ? m.legacy[method] : found.refusal, 'paymentDetails');
      return asDetails(readDestination(method, { mobile: found.value.e164, accountName: words(found.value.rest) }, mode));
    }
    case 'COINSPH':
    case 'PayPal':
      return asDetails(readDestination(method, { account: text, email: text }, mode));
    case 'BINANCE':
      return asDetails(readDestination(method, { payId: text }, mode));
    case 'BDO':
    case 'Bank Transfer': {
      const runs = digitRuns(text);
      if (runs.length !== 1) return refused(runs.length > 1 ? m.twoNumbers : m.legacy[method], 'paymentDetails');
      const bank = PAYOUT_BANKS.find((known) => new RegExp(`\\b${known}\\b`, 'iu').test(text));
      if (method === 'Bank Transfer' && !bank && mode === 'request') return refused(m.legacy[method], 'paymentDetails');
      const withoutNumber = text.replace(/\p{Nd}(?:[\p{Nd}\s-]*\p{Nd})?/u, ' ');
      const rest = words(bank ? withoutNumber.replace(new RegExp(`\\b${bank}\\b`, 'giu'), ' ') : withoutNumber);
      return asDetails(readDestination(method, { bank: bank ?? '', accountNumber: runs[0], accountName: rest }, mode));
    }
  }
}

// --- Keys and how a destination reads --------------------------------------------------------------

/**
 * The key accounts are compared by (account_signals, payouts.destination): one wallet, however it was
 * written, is one key; a mobile number is one key whichever wallet it is of (G-CASH, Maya and Coins.ph
 * accounts of one number belong to one SIM). A bank account is its digits: two banks' accounts of one long
 * number are far rarer than one account entered under two banks' names.
 */
export function destinationKey(destination: PayoutDestination): string {
  if (destination.mobile) return `mobile:${destination.mobile}`;
  if (destination.email) return `email:${canonicalEmail(destination.email)}`;
  if (destination.accountNumber) return `account:${destination.accountNumber}`;
  return `binance:${destination.payId}`;
}

/**
 * A stored payout's destination read again by the rule (migrations), or null when its details cannot be
 * read: its method is not one of today's, or its text names no one destination.
 */
export function readStoredDestination(method: string, details: string): { destination: PayoutDestination; key: string } | null {
  if (!(method in DESTINATION_FIELDS)) return null;
  const reading = readPaymentDetails(method as PayoutMethod, details, 'stored');
  return 'value' in reading ? { destination: reading.value, key: destinationKey(reading.value) } : null;
}

/** The destination as the member and the admin read it, whole: "0917 123 4567 · Juan Dela Cruz". */
export function describeDestination(destination: PayoutDestination): string {
  const parts = [
    destination.mobile && formatMobile(destination.mobile),
    destination.email,
    destination.bank,
    destination.accountNumber,
    destination.payId && `Pay ID ${destination.payId}`,
    destination.accountName,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * A stored destination as the payout form's fields, so the member's last one can be sent to again
 * (docs/screens.md#member-screens): a mobile number as people write it, Coins.ph's one field its number or e-mail.
 */
export function destinationFormFields(destination: PayoutDestination): DestinationFields {
  const mobile = destination.mobile && formatMobile(destination.mobile);
  const fields: DestinationFields = {
    mobile,
    account: mobile || destination.email,
    email: destination.email,
    bank: destination.bank,
    accountNumber: destination.accountNumber,
    accountName: destination.accountName,
    payId: destination.payId,
  };
  return Object.fromEntries(DESTINATION_FIELDS[destination.method].map((field) => [field, fields[field] ?? '']));
}

/** A destination key as admins see it in lists: enough to compare two, not enough to copy one. */
export function maskDestination(key: string): string {
  const [kind = '', value = ''] = key.split(/:(.*)/s, 2);
  if (kind === 'email') return maskEmail(value);
  if (kind === 'mobile') {
    const national = formatMobile(value).replace(/\D/g, '');
    return `${national.slice(0, 4)}•••${national.slice(-4)}`;
  }
  return `•••${value.slice(-4)}`;
}
