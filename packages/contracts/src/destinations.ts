import { maskEmail } from './referrals';

/**
 * A payout destination as accounts are compared by it, or null when the details name nothing specific
 * enough to tell one person's account from another's (a short note such as "0917" would link strangers):
 * - a Philippine mobile number, the account of G-CASH, PayMaya and Coins.ph, as `mobile:09XXXXXXXXX`
 *   however it is written (+63 917 123 4567, 0917-123-4567, 0917/123/4567, in full-width digits), as long
 *   as it stands alone rather than ending a longer number;
 * - an e-mail (PayPal) as `email:` in lower case;
 * - another run of at least 8 digits (a bank account) as `account:` and its digits;
 * - anything else of at least 10 letters and digits, with both in it (a wallet address), as `text:` in
 *   lower case; plain words ("Account of me") name nobody.
 */
export function normalizeDestination(details: string): string | null {
  // NFKC first: full-width digits (０９１７) and other look-alike forms are the same number to a payer.
  const text = details.normalize('NFKC').trim().toLowerCase();
  const email = text.match(/[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/);
  if (email) return `email:${email[0]}`;
  // Whatever separates the digits of one number (spaces, dashes of any kind, slashes, dots...) is dropped,
  // so writing a number another way does not unlink two accounts; a comma still parts two numbers.
  const compact = text.replace(/[\s\p{Dash_Punctuation}()./\\_|·•:#]/gu, '');
  // Whole numbers only: the last ten digits of a longer bank account number may start with 9 too.
  const mobile = compact.match(/(?<!\d)(?:\+?63|0)?(9\d{9})(?!\d)/);
  if (mobile) return `mobile:0${mobile[1]}`;
  const digitRuns = compact.match(/\d{8,}/g);
  if (digitRuns) return `account:${digitRuns.reduce((longest, run) => (run.length > longest.length ? run : longest))}`;
  const letters = text.replace(/[^a-z0-9]/g, '');
  return letters.length >= 10 && /\d/.test(letters) && /[a-z]/.test(letters) ? `text:${letters}` : null;
}

/** A normalised destination as admins see it in lists: enough to compare two, not enough to copy one. */
export function maskDestination(destination: string): string {
  const [kind = '', value = ''] = destination.split(/:(.*)/s, 2);
  if (kind === 'email') return maskEmail(value);
  if (kind === 'mobile') return `${value.slice(0, 4)}•••${value.slice(-4)}`;
  if (kind === 'account') return `•••${value.slice(-4)}`;
  return `${value.slice(0, 4)}•••${value.slice(-4)}`;
}
