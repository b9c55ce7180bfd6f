import { describe, expect, it } from 'vitest';
import {
  adminUserStatusInput,
  hiddenCharacterRefusal,
  memberText,
  messages,
  passkeyNameForm,
  vipRejectInput,
  withoutInvisibles,
} from '../src';

const c = messages.common;
const name = memberText('Name is required').trim().min(1, 'Name is required');

describe('the rule for what members write and admins read', () => {
  it('stores look-alike forms as the characters they stand for (NFKC)', () => {
    expect(name.parse('Ｊｕａｎ')).toBe('Juan');
    expect(name.parse('ﬁlipino')).toBe('filipino');
  });

  /** The it.each rows of texts refused with `refusal`, named by what they hide. */
  const refusedAs = (refusal: string, examples: Record<string, string>) =>
    Object.entries(examples).map(([what, text]) => [what, text, refusal] as const);
  it.each([
    ...refusedAs(c.directionCharacter, {
      'a right-to-left override': 'Juan \u202eziurC',
      'a right-to-left isolate': 'Juan \u2067Cruz\u2069',
      'a left-to-right mark': 'Juan\u200e',
      'the Arabic letter mark': 'Juan\u061c',
    }),
    ...refusedAs(c.invisibleCharacter, {
      'a zero-width space': 'Ju\u200ban',
      'a zero-width joiner between letters': 'Ju\u200dan',
      'a soft hyphen': 'Ju\u00adan',
      'a word joiner': 'Ju\u2060an',
      'a byte-order mark': '\ufeffJuan',
      'a Hangul filler': 'Juan\u3164',
      'a tag character': 'Juan\u{E0041}',
    }),
    ...refusedAs(c.controlCharacter, { 'an escape': 'Juan\u001b[2J', 'a line break in a name': 'Juan\nCruz' }),
  ])('refuses %s', (_what, text, refusal) => {
    expect(hiddenCharacterRefusal(text.normalize('NFKC'))).toBe(refusal);
    expect(name.safeParse(text).error?.issues[0]?.message).toBe(refusal);
  });

  it('lets emoji keep the joiners and selectors they are made of, and messages their lines', () => {
    for (const emoji of ['👩\u200d💻', '❤\ufe0f', '1\ufe0f\u20e3', '👍🏽', '👨\u200d👩\u200d👧'])
      expect(hiddenCharacterRefusal(emoji)).toBeNull();
    expect(hiddenCharacterRefusal('Hi\r\n\tthanks', { multiline: true })).toBeNull();
  });

  it('drops invisible characters pasted inside a number, but keeps direction controls for the rule to refuse', () => {
    expect(withoutInvisibles('0917\u200b123\u00ad4567')).toBe('09171234567');
    expect(withoutInvisibles('\u202e0917')).toBe('\u202e0917');
  });
});

describe('the rule on what an admin names their passkey', () => {
  it('refuses a direction control, which would make the admin log read another name, and keeps an ordinary name', () => {
    const named = (name: string) => passkeyNameForm.safeParse({ name });
    expect(named('Work laptop \u202epot').error?.issues[0]?.message).toBe(c.directionCharacter);
    expect(named('Work\u200b laptop').error?.issues[0]?.message).toBe(c.invisibleCharacter);
    expect(named('  Ｗork laptop 💻 ').data).toEqual({ name: 'Work laptop 💻' });
  });
});

describe('the reasons admins give, which members read', () => {
  const suspend = (reason: string) => adminUserStatusInput.safeParse({ id: 'member-1', status: 'suspended', reason });

  it('refuses a required reason of invisible characters alone, and one that hides a direction change', () => {
    expect(suspend('\u200b\u200b').error?.issues[0]?.message).toBe(c.invisibleCharacter);
    expect(suspend('Shares a \u202ewallet').error?.issues[0]?.message).toBe(c.directionCharacter);
    expect(vipRejectInput.safeParse({ id: 'vip-1', reason: '\u2060' }).error?.issues[0]?.message).toBe(c.invisibleCharacter);
  });

  it('keeps a reason as the member will read it: trimmed, in NFKC, its line breaks', () => {
    expect(suspend('  Five accounts\non one device ').data?.reason).toBe('Five accounts\non one device');
    expect(suspend('Ｆｉｖｅ accounts').data?.reason).toBe('Five accounts');
  });
});
