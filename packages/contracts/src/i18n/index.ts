import type { Language } from '../language';
import type en from './en.json';
import type fil from './fil.json';

/**
 * The member-facing message catalogues (docs/architecture.md#two-languages): one JSON file per language,
 * flat keys, ICU MessageFormat texts (plurals, placeholders) that Lingui's runtime formats. English is the
 * reference: its keys are the keys the apps may ask for.
 */
export type MessageKey = keyof typeof en;

/**
 * A catalogue: a text for every key. Both files must have the same keys, or the typecheck fails in
 * loadLanguage: a key missing from fil.json makes it not a Catalogue, and a key fil.json has that en.json
 * lacks makes Catalogue a type that names it (packages/contracts/test/catalogues.test.ts says which, too).
 */
type Catalogue = [Exclude<keyof typeof fil, MessageKey>] extends [never]
  ? Record<MessageKey, string>
  : { keysMissingFromEnglish: Exclude<keyof typeof fil, MessageKey> };

/** A language as the member app loads it: its catalogue, and the translation of `messages`' English texts (null for English). */
export interface LoadedLanguage {
  catalogue: Catalogue;
  /** messages-fil.json: the Filipino of `messages`' texts by their paths, with the English arguments as {0}, {1}, ... */
  messagesTranslation: Record<string, string> | null;
}

/**
 * One language, loaded when that language is needed and not before: each file is a chunk of its own in
 * the apps' builds, where apps/member-web/build/catalogues.ts compiles its ICU texts.
 */
export async function loadLanguage(language: Language): Promise<LoadedLanguage> {
  if (language === 'en') return { catalogue: (await import('./en.json')).default, messagesTranslation: null };
  const [catalogue, messagesTranslation] = await Promise.all([import('./fil.json'), import('./messages-fil.json')]);
  return { catalogue: catalogue.default, messagesTranslation: messagesTranslation.default };
}

export { type EnglishText, englishTextReader, englishTextsByKey } from './english-texts';
