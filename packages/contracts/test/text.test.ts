import { describe, expect, it } from 'vitest';
import { hiddenCharacterRefusal, memberText, messages, passkeyNameForm, withoutInvisibles } from '../src';

const c = messages.common;
const name = memberText('Name is required').trim().min(1, 'Name is required');

describe('the rule for what members write and admins read', () => {
  it('stores look-alike forms as the characters they stand for (NFKC)', () => {
    expect(name.parse('Ｊｕａｎ')).toBe('Juan');
    expect(name.parse('ﬁlipino')).toBe('filipino');
  });

  it.each([
    ['a right-to-left override', 'Juan \u202eziurC', c.directionCharacter],
    ['a right-to-left isolate', 'Juan \u2067Cruz\u2069', c.directionCharacter],
    ['a left-to-right mark', 'Juan\u200e', c.directionCharacter],
    ['the Arabic letter mark', 'Juan\u061c', c.directionCharacter],
    ['a zero-width space', 'Ju\u200ban', c.invisibleCharacter],
    ['a zero-width joiner between letters', 'Ju\u200dan', c.invisibleCharacter],
    ['a soft hyphen', 'Ju\u00adan', c.invisibleCharacter],
    ['a word joiner', 'Ju\u2060an', c.invisibleCharacter],
    ['a byte-order mark', '\ufeffJuan', c.invisibleCharacter],
    ['a Hangul filler', 'Juan\u3164', c.invisibleCharacter],
    ['a tag character', 'Juan\u{E0041}', c.invisibleCharacter],
    ['an escape', 'Juan\u001b[2J', c.controlCharacter],
    ['a line break in a name', 'Juan\nCruz', c.controlCharacter],
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
