import { findNumbers, type MetadataJson, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { type DestinationField, PAYOUT_BANKS, type PayoutBank } from './destination-shapes';
import { messages } from './messages';
import philippineNumbers from './phone-metadata.json';

/** How each field of a destination is read from what a member typed (docs/product-rules.md#payout-destinations). */

const m = messages.payouts.destination;

/** libphonenumber-js's mobile metadata of the Philippines alone (scripts/write-phone-metadata.mjs). */
const PHILIPPINES = philippineNumbers as unknown as MetadataJson;

/** A reading: the value, or the member-facing reason it cannot be read and the field that holds it. */
export type Reading<T> = { value: T } | { refusal: string; field: DestinationField | 'paymentDetails' };
export const refused = (refusal: string, field: DestinationField | 'paymentDetails'): { refusal: string; field: typeof field } => ({
  refusal,
  field,
});

// --- Mobile numbers --------------------------------------------------------------------------------

const EMAIL = /^[\p{L}\p{N}._%+'-]{1,64}@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;
const EMAILS_IN_TEXT = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** A Philippine mobile number found in a text, and the text around it. */
interface FoundMobile {
  e164: string;
  rest: string;
}

/**
 * The one Philippine mobile number in a text however it is written (+63, 0063, +63 (0), 63…, 09…, any
 * separators, full-width or other digits, inside other text), read by libphonenumber-js with its mobile
 * metadata, so a landline or a number short of a digit is no mobile number. Digits left over beside it mean a
 * second number or a fragment of one ("alt 0917000xxxx / main 0917…"): which one is meant is not for us to
 * guess, so that is refused too.
 */
export function findMobile(text: string, field: DestinationField | 'paymentDetails'): Reading<FoundMobile> {
  const found = findNumbers(text, { defaultCountry: 'PH', v2: true }, PHILIPPINES);
  if (found.length > 1) return refused(m.twoNumbers, field);
  const [only] = found;
  if (!only) {
    // Another country's calling code (+1, 0065…) is no Philippine number, however many digits follow it.
    const callingCode = text.match(/(?:\+|(?<!\d)00)[\s(-]*(\d[\d\s-]*)/)?.[1]?.replace(/\D/g, '');
    return refused(callingCode && !callingCode.startsWith('63') ? m.mobileNotPhilippine : m.mobileInvalid, field);
  }
  if (only.number.country !== 'PH') return refused(m.mobileNotPhilippine, field);
  if (only.number.ext) return refused(m.mobileInvalid, field);
  const rest = `${text.slice(0, only.startsAt)} ${text.slice(only.endsAt)}`;
  // Digits of an e-mail beside it (ring1@mail.com) are no second number.
  if (/\p{Nd}/u.test(rest.replace(EMAILS_IN_TEXT, ' '))) return refused(m.twoNumbers, field);
  return { value: { e164: only.number.number, rest } };
}

/** A stored mobile number as people write it in the Philippines: 0917 123 4567. */
export function formatMobile(e164: string): string {
  const phone: PhoneNumber | undefined = parsePhoneNumberFromString(e164, PHILIPPINES);
  return phone ? phone.formatNational() : e164;
}

// --- E-mails ---------------------------------------------------------------------------------------

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail as accounts are compared by it: in lower case, and for Gmail without the dots and the `+tag` of
 * its name, which Gmail ignores (j.uan+ring1@gmail.com reaches juan@gmail.com).
 */
export function canonicalEmail(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  const [name, domain] = [lower.slice(0, at), lower.slice(at + 1)];
  if (!GMAIL_DOMAINS.has(domain)) return lower;
  return `${name.split('+')[0]?.replaceAll('.', '')}@gmail.com`;
}

export function readEmail(text: string, field: DestinationField | 'paymentDetails'): Reading<string> {
  const found = text.match(EMAILS_IN_TEXT) ?? [];
  if (found.length > 1) return refused(m.twoEmails, field);
  const [email] = found;
  if (!email || email.length > 254 || !EMAIL.test(email)) return refused(m.emailInvalid, field);
  return { value: email.toLowerCase() };
}

// --- Names, accounts, IDs --------------------------------------------------------------------------

/** Letters of any script with their marks, and the spaces and signs names are written with. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .,'’-]*$/u;

export function readName(text: string, field: DestinationField | 'paymentDetails', missing: string): Reading<string> {
  const name = text.replace(/\s+/g, ' ').trim();
  if (name === '') return refused(missing, field);
  if (name.length < 2 || name.length > 100 || !NAME.test(name)) return refused(m.nameInvalid, field);
  return { value: name };
}

/** Runs of digits, each with the spaces or dashes written inside it removed ("0012 3459-9123" is one run). */
export function digitRuns(text: string): string[] {
  return (text.match(/\p{Nd}(?:[\p{Nd}\s-]*\p{Nd})?/gu) ?? []).map((run) => run.replace(/[\s-]/g, ''));
}

export function readDigits(
  text: string,
  field: DestinationField | 'paymentDetails',
  lengths: [number, number],
  invalid: string,
): Reading<string> {
  const runs = digitRuns(text);
  if (runs.length !== 1) return refused(runs.length > 1 ? m.twoNumbers : invalid, field);
  const [digits = ''] = runs;
  return digits.length < lengths[0] || digits.length > lengths[1] ? refused(invalid, field) : { value: digits };
}

/** Bank account numbers in the Philippines run from 10 (BPI, Landbank) to 16 digits; a little room either way. */
export const ACCOUNT_NUMBER_DIGITS: [number, number] = [8, 20];
/** Binance Pay IDs are numbers of 6 to 12 digits. */
export const PAY_ID_DIGITS: [number, number] = [6, 12];

export function readBank(text: string, field: DestinationField | 'paymentDetails'): Reading<PayoutBank> {
  const bank = PAYOUT_BANKS.find((known) => known.toLowerCase() === text.trim().toLowerCase());
  return bank ? { value: bank } : refused(m.bankUnknown, field);
}
