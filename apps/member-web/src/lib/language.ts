import {
  type Centavos,
  capitalize,
  formatDateIn,
  formatDateTimeIn,
  formatPesosIn,
  type Language,
  messages,
  preferredLanguage,
} from '@app/contracts';
import {
  type EnglishText,
  englishTextReader,
  englishTextsByKey,
  loadLanguage as loadLanguageFiles,
  type MessageKey,
} from '@app/contracts/i18n';
import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { cookieLanguage, rememberLanguage } from './language-cookie';

/**
 * The member site's language (docs/architecture.md#two-languages): Lingui's runtime with the active
 * language's catalogue, which is loaded when the language is activated and not before (its own chunk).
 * The build compiles the catalogues' ICU texts (build/catalogues.ts), so no message parser ships.
 */
const i18n = setupI18n();

/** The language a page starts in: the visitor's cookie, else the browser's preference (their first visit). */
export function startingLanguage(): Language {
  return cookieLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);
}

/** The shared catalogue's English texts (`messages`), by their paths, read back when shown in another language. */
const MESSAGES_PREFIX = 'messages:';
let englishTexts: ReadonlyMap<string, EnglishText> = englishTextsByKey(messages);
/** The keys the active language translates (messages-fil.json's), none for English. */
let translatedKeys: string[] = [];
let readEnglish: ReturnType<typeof englishTextReader> = () => null;

function readTranslatedTexts(): void {
  readEnglish = translatedKeys.length > 0 ? englishTextReader(englishTexts, translatedKeys) : () => null;
}

/**
 * More English texts for inLanguage to read back, by the same paths as messages-fil.json's: the notices'
 * (notices.<name>), which their list adds when it loads, so that the first chunk does not carry them.
 */
export function readAlso(texts: ReadonlyMap<string, EnglishText>): void {
  englishTexts = new Map([...englishTexts, ...texts]);
  readTranslatedTexts();
}

/** Loads a language's catalogue and makes its texts the ones components render (the build's prerender uses it alone). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.locale === language) return;
  const { catalogue, messagesTranslation } = await loadLanguageFiles(language);
  const translated = Object.entries(messagesTranslation ?? {}).map(([key, text]) => [`${MESSAGES_PREFIX}${key}`, text]);
  i18n.load(language, { ...catalogue, ...Object.fromEntries(translated) });
  translatedKeys = Object.keys(messagesTranslation ?? {});
  readTranslatedTexts();
  i18n.activate(language);
}

/**
 * A text of the shared English catalogue (`messages`, as the app and the server write it) in the active
 * language: its translation when the language has one, else the English text.
 */
export function inLanguage(english: string): string;
/** A form's error, which may be none. */
export function inLanguage(english: string | undefined): string | undefined;
export function inLanguage(english: string | undefined): string | undefined {
  if (english === undefined) return undefined;
  const read = readEnglish(english);
  return read ? i18n._(`${MESSAGES_PREFIX}${read.key}`, read.values) : english;
}

/** The language activateLanguage last made the page's. */
let pageLanguage: Language | undefined;

/**
 * Loads a language's catalogue and makes it the page's: every text switches, `<html lang>` follows, and the
 * cookie keeps it for the signed-out pages and the server's texts.
 */
export async function activateLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  // Once per change: the member's stored language, followed on every start, is most often the one the page
  // started in, and `<html lang>` written again restyles the whole page inside the first render's effects.
  if (pageLanguage === language) return;
  pageLanguage = language;
  document.documentElement.lang = language;
  rememberLanguage(language);
}

/** A text of the catalogue, with its placeholders filled in. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** Whether the catalogue has a text for a key made at run time (the shared layout's `ui.<English text>`). */
export function hasText(key: string): key is MessageKey {
  return Object.hasOwn(i18n.messages, key);
}

/** A row's status ("pending") as the language names it, else as the server wrote it, capitalised. */
export function statusName(status: string): string {
  const key = `status.${status}`;
  return hasText(key) ? translate(key) : capitalize(status);
}

/** A text of the active language, outside React (the build's prerender, toasts). */
export const translate: Translate = (key, values) => i18n._(key, values);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

interface ActiveLanguage {
  language: Language;
  t: Translate;
  /** A date as the language writes it (Intl, en-PH or fil-PH). */
  formatDate: (value: string | Date) => string;
  /** A date and its time of day on the product's clock, as the language writes them; with seconds, a moment. */
  formatDateTime: (value: string | Date, withSeconds?: boolean) => string;
  /** Pesos from centavos as the language writes them. */
  formatPesos: (centavos: Centavos) => string;
  /** A text of `messages` in the language (inLanguage). */
  m: typeof inLanguage;
}

/** The active language, its texts and formats; a component using it renders again when the language changes. */
export function useLanguage(): ActiveLanguage {
  const activeLanguage = () => i18n.locale as Language;
  const language = useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
  return {
    language,
    t: translate,
    formatDate: (value) => formatDateIn(language, value),
    formatDateTime: (value, withSeconds) => formatDateTimeIn(language, value, withSeconds),
    formatPesos: (centavos) => formatPesosIn(language, centavos),
    m: inLanguage,
  };
}
