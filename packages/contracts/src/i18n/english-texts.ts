/**
 * Reading the English catalogue's texts (`messages`, `noticeMessages`) back to their keys, so that a text
 * already written in English can be said in another language (docs/architecture.md#two-languages): the
 * server's errors and notices, and the member app's texts that come from `messages`.
 */
export type EnglishText = string | ((...args: string[]) => string);
type EnglishTexts = { readonly [key: string]: EnglishText | EnglishTexts };

/** Each text of a catalogue by its path (tasks.dailyLimitReached), under `prefix`. */
export function englishTextsByKey(node: EnglishTexts, prefix = ''): Map<string, EnglishText> {
  const texts = new Map<string, EnglishText>();
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'object') for (const entry of englishTextsByKey(value, `${prefix}${key}.`)) texts.set(...entry);
    else texts.set(`${prefix}${key}`, value);
  }
  return texts;
}

/** A blank the English function is called with, to learn the shape of its texts. */
const BLANK = '\u0001';
/** What a translation's select gets for an argument the English text left out (a payout without a reference). */
const LEFT_OUT = 'none';

interface Shape {
  key: string;
  fixed: boolean;
  /** The arguments of a text of this shape, or null when the text is not of it. */
  read: (text: string) => Record<string, string> | null;
}

/**
 * The shapes an English text can have: a fixed text itself; a function's text with each argument a capture,
 * and, when its last argument may be left out (null), also the text without it.
 */
function shapesOf(key: string, english: EnglishText): Shape[] {
  if (typeof english === 'string') return [{ key, fixed: true, read: (text) => (text === english ? {} : null) }];
  const blanks = Array.from({ length: english.length }, () => BLANK);
  const variants = blanks.length > 0 ? [blanks, [...blanks.slice(0, -1), '']] : [blanks];
  return variants.map((args) => {
    const escaped = english(...args).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escaped.replaceAll(BLANK, '(.+?)')}$`, 's');
    const given = args.filter((arg) => arg === BLANK).length;
    return {
      key,
      fixed: false,
      read: (text) => {
        const match = pattern.exec(text);
        if (!match) return null;
        const values: Record<string, string> = {};
        for (let index = 0; index < args.length; index++) values[index] = index < given ? (match[index + 1] ?? '') : LEFT_OUT;
        return values;
      },
    };
  });
}

/**
 * A reader of English texts for the keys a translation has: a text's key and its arguments ({0}, {1}, ...
 * as the English function took them), or null for a text of none of them. Fixed texts are tried first, so
 * that a text is never read as a function's with blanks that happen to fit.
 */
export function englishTextReader(
  english: ReadonlyMap<string, EnglishText>,
  translatedKeys: Iterable<string>,
): (text: string) => { key: string; values: Record<string, string> } | null {
  const shapes = [...translatedKeys]
    .flatMap((key) => {
      const text = english.get(key);
      return text === undefined ? [] : shapesOf(key, text);
    })
    .sort((a, b) => Number(b.fixed) - Number(a.fixed));
  return (text) => {
    for (const shape of shapes) {
      const values = shape.read(text);
      if (values) return { key: shape.key, values };
    }
    return null;
  };
}
