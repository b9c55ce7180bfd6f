import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import fil from '../src/i18n/fil.json';
import filServer from '../src/i18n/messages-fil.json';
import { isFilipinoServerText, serverEnglishTexts, translateServerText } from '../src/i18n/server-texts';
import { acceptLanguageTags, preferredLanguage, requestLanguage } from '../src/language';
import { formatDateIn, formatPesosIn } from '../src/locale-format';
import { messages } from '../src/messages';
import { noticeMessages } from '../src/notices';

/** The placeholders of an ICU text: {name}, {count, plural, ...}. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => match[1]))].sort();

describe('the member-facing catalogues (docs/architecture.md#two-languages)', () => {
  it('have the same keys in English and Filipino', () => {
    expect(Object.keys(fil).filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in fil))).toEqual([]);
  });

  it('are valid ICU texts with the same placeholders in both languages', () => {
    for (const [key, english] of Object.entries(en)) {
      const filipino = fil[key as keyof typeof fil];
      expect(() => compileMessage(english), key).not.toThrow();
      expect(() => compileMessage(filipino), key).not.toThrow();
      expect(placeholders(filipino), key).toEqual(placeholders(english));
    }
  });

  it('give every Filipino server text an English one of the same key and as many arguments', () => {
    for (const [key, filipino] of Object.entries(filServer)) {
      const english = serverEnglishTexts.get(key);
      expect(english, `${key} is not a text of messages or noticeMessages`).toBeDefined();
      const argumentCount = typeof english === 'function' ? english.length : 0;
      expect(placeholders(filipino), key).toEqual(Array.from({ length: argumentCount }, (_, index) => String(index)));
    }
  });

  it('give every text a member can read a Filipino one: all but the admin apps’ texts', () => {
    // Admin and operator apps stay English (docs/architecture.md#two-languages): their sign-in, and the
    // checks of what an admin types into notifications and popups.
    const adminOnly =
      /^(auth\.(admin|access|incorrectPassword|passwordRequired|invalidCredentials|usernameRequired|loggedOut|tooManyWrongPasswords|deviceTraitsInvalid)|common\.invalidOrigin$|(notifications|popups)\.(?!notFound$))/;
    const missing = [...serverEnglishTexts.keys()].filter((key) => !adminOnly.test(key) && !(key in filServer));
    expect(missing).toEqual([]);
  });
});

describe('the server texts in the member’s language', () => {
  it('translates fixed texts and texts with blanks, keeping what was filled in as written', () => {
    expect(translateServerText(messages.tasks.dailyLimitReached, 'fil')).toBe('Naabot mo na ang daily task limit mo. Subukan ulit bukas.');
    expect(translateServerText(messages.payouts.insufficient('₱120.00'), 'fil')).toBe(
      'Kulang ang balance mo. ₱120.00 ang available balance mo',
    );
    expect(translateServerText(noticeMessages.payoutDeclinedBody('₱200.00', 'Wrong GCash name'), 'fil')).toBe(
      'Na-decline ang payout mong ₱200.00: Wrong GCash name. Naibalik na ang halaga sa available balance mo.',
    );
  });

  it('leaves out what the English text left out', () => {
    expect(translateServerText(noticeMessages.payoutApprovedBody('₱200.00', 'GCash 0917•••4567', '1234567890123'), 'fil')).toBe(
      'Naipadala na ang ₱200.00 sa GCash 0917•••4567. Reference: 1234567890123.',
    );
    expect(translateServerText(noticeMessages.payoutApprovedBody('₱200.00', 'GCash 0917•••4567', null), 'fil')).toBe(
      'Naipadala na ang ₱200.00 sa GCash 0917•••4567.',
    );
  });

  it('knows its Filipino texts, blanks filled in, from any other text', () => {
    expect(isFilipinoServerText(translateServerText(messages.payouts.insufficient('₱120.00'), 'fil'))).toBe(true);
    expect(
      isFilipinoServerText(translateServerText(noticeMessages.payoutApprovedBody('₱200.00', 'GCash 0917•••4567', '1234567890123'), 'fil')),
    ).toBe(true);
    expect(isFilipinoServerText(messages.tasks.dailyLimitReached)).toBe(false);
    expect(isFilipinoServerText('Error: relation "users" does not exist')).toBe(false);
  });

  it('keeps English for English, and for a text the catalogue has no Filipino for', () => {
    expect(translateServerText(messages.tasks.dailyLimitReached, 'en')).toBe(messages.tasks.dailyLimitReached);
    expect(translateServerText('An admin wrote this', 'fil')).toBe('An admin wrote this');
  });
});

describe('a visitor’s language', () => {
  it('is the cookie’s, else the first language of Accept-Language the site has (Tagalog reads as Filipino)', () => {
    expect(requestLanguage('fil', 'en-US,en;q=0.9')).toBe('fil');
    expect(requestLanguage(undefined, 'fil-PH,fil;q=0.9,en;q=0.8')).toBe('fil');
    expect(requestLanguage(undefined, 'ja,tl;q=0.8,en;q=0.5')).toBe('fil');
    expect(requestLanguage(undefined, 'en;q=0.5,fil;q=0.9')).toBe('fil');
    expect(requestLanguage('xx', 'de-DE')).toBe('en');
    expect(acceptLanguageTags('fil;q=0, en')).toEqual(['en']);
    expect(preferredLanguage(['en-PH', 'fil'])).toBe('en');
  });

  it('formats money and dates with Intl for en-PH and fil-PH', () => {
    expect(formatPesosIn('fil', 123_450)).toBe('₱1,234.50');
    expect(formatDateIn('en', '2026-11-22T04:00:00Z')).toBe('Nov 22, 2026');
    expect(formatDateIn('fil', '2026-11-22T04:00:00Z')).toBe('Nob 22, 2026');
  });
});
