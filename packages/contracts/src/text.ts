import { messages } from './messages';
import { z } from './zod';

/**
 * One rule for everything a member writes that an admin reads (names, payout details, chat and support
 * messages, referral codes; docs/product-rules.md#text-members-write): the text is kept in Unicode NFKC, so
 * look-alike forms (full-width digits, ligatures) are stored as the plain characters they stand for, and
 * characters that change how text reads without showing themselves are refused. What the admin sees is then
 * exactly what is stored: a right-to-left override could make "0917 123 4567" display a different number
 * than the one saved, and a zero-width space splits one number into "different" ones.
 */

/** Characters that reorder the text around them: the embeddings, overrides and isolates, and the marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters that show nothing: every format character (zero-width space, joiners, soft hyphen, word joiner,
 * byte-order mark, tag characters…), the variation selectors, the combining grapheme joiner and the Hangul
 * fillers. The bidi controls are format characters too; they are told apart above because they mislead.
 */
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|\u034F|[\u115F\u1160\u3164\uFFA0]/u;
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, 'gu');

/**
 * The invisible characters emoji are made of, where they make one: a joiner between two pictographs
 * (👩‍💻), a variation selector after a pictograph or a keycap's digit (❤️, 1️⃣). A member may send those.
 */
const EMOJI_PARTS =
  /(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})|(?<=[\p{Extended_Pictographic}0-9#*])[\uFE0E\uFE0F]/gu;

/** Control characters: none in a line of text; in a message, line breaks and tabs only. */
const CONTROL = /[\p{Cc}]/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\n\r\t]/u;

export interface TextRuleOptions {
  /** A message of several lines (chat, support): line breaks and tabs are text there. */
  multiline?: boolean;
}

/** The member-facing refusal of a text by the rule, or null when it may be stored. Give it NFKC text. */
export function hiddenCharacterRefusal(text: string, options: TextRuleOptions = {}): string | null {
  if (BIDI_CONTROLS.test(text)) return messages.common.directionCharacter;
  if (INVISIBLE.test(text.replace(EMOJI_PARTS, ''))) return messages.common.invisibleCharacter;
  if ((options.multiline ? CONTROL_BUT_LINES : CONTROL).test(text)) return messages.common.controlCharacter;
  return null;
}

/**
 * The text with invisible characters removed, for a value that may be pasted with them innocently (a number
 * copied from a chat or a web page). Direction controls stay, for the rule to refuse: they are never innocent
 * in a number, and removing them would hide that someone tried.
 */
export function withoutInvisibles(text: string): string {
  return text.normalize('NFKC').replace(EVERY_INVISIBLE, (character) => (BIDI_CONTROLS.test(character) ? character : ''));
}

/**
 * A text the member cannot be asked to write again (a name an identity provider sends at sign-in), by the
 * rule: normalized, with every hidden character removed instead of refused, so the admin reads what is stored.
 */
export function withoutHiddenCharacters(text: string): string {
  return text
    .normalize('NFKC')
    .replace(EVERY_INVISIBLE, '')
    .replace(/[\p{Cc}]/gu, ' ');
}

/**
 * A text field by the rule: `z.string` normalized to NFKC, then refused for hidden characters with a message
 * that says so. Chain `.trim()`, `.min()` and `.max()` after it: they then count what is stored.
 */
export function memberText(error: string, options: TextRuleOptions = {}) {
  return z
    .string({ error })
    .overwrite((text) => text.normalize('NFKC'))
    .superRefine((text, ctx) => {
      const refusal = hiddenCharacterRefusal(text, options);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    });
}
