import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '../language';
import { messages } from '../messages';
import { noticeMessages } from '../notices';
import { englishTextReader, englishTextsByKey } from './english-texts';
import filipinoTexts from './messages-fil.json';

/** What the server writes to members in English, by key: `messages`' paths, and the notices' as notices.<name>. */
export const serverEnglishTexts = new Map([...englishTextsByKey(messages), ...englishTextsByKey(noticeMessages, 'notices.')]);

/** messages-fil.json: the Filipino of those keys, ICU texts with the English arguments as {0}, {1}, ... */
const filipino = setupI18n({ locale: 'fil', messages: { fil: filipinoTexts } });
filipino.setMessagesCompiler(compileMessage);
const readEnglish = englishTextReader(serverEnglishTexts, Object.keys(filipinoTexts));

/**
 * A text the server wrote in English, in the member's language (docs/architecture.md#two-languages): the
 * catalogue's text for the English text's key, with the English text's arguments (amounts, names, what an
 * admin typed) as written. A text the catalogue has no Filipino for stays English.
 */
export function translateServerText(text: string, language: Language): string {
  if (language === 'en') return text;
  const read = readEnglish(text);
  return read ? filipino._(read.key, read.values) : text;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template's text with each top-level ICU block ({0}, {2, select, ...}) read as any text. */
function templateShape(template: string): RegExp {
  const parts: string[] = [];
  let depth = 0;
  let literal = '';
  for (const char of template) {
    if (char === '{') {
      if (depth === 0) {
        parts.push(escapeRegExp(literal));
        literal = '';
      }
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) parts.push('.*');
    } else if (depth === 0) literal += char;
  }
  parts.push(escapeRegExp(literal));
  return new RegExp(`^${parts.join('')}$`, 's');
}

const filipinoShapes = Object.values(filipinoTexts as Record<string, string>).map(templateShape);

/** Whether a text is one of the Filipino catalogue's server texts, blanks filled in: a refusal a member reads in Filipino. */
export function isFilipinoServerText(text: string): boolean {
  return filipinoShapes.some((shape) => shape.test(text));
}
