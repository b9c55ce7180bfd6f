import { type LoadedLanguage, loadLanguage, type MessageKey } from '@app/contracts/i18n';
import { serverEnglishTexts } from '@app/contracts/server-texts';

/** Both languages' catalogues, as the member app loads them (docs/architecture.md#two-languages). */
export interface Catalogues {
  english: LoadedLanguage;
  filipino: LoadedLanguage;
  /** A text of the Filipino catalogue, placeholders filled in as the app fills them. */
  fil: (key: MessageKey, values?: Record<string, string | number>) => string;
}

export async function catalogues(): Promise<Catalogues> {
  const [english, filipino] = await Promise.all([loadLanguage('en'), loadLanguage('fil')]);
  const fil = (key: MessageKey, values: Record<string, string | number> = {}) =>
    (filipino.catalogue[key] as string).replace(/\{(\w+)\}/g, (blank, name: string) => String(values[name] ?? blank));
  return { english, filipino, fil };
}

/**
 * The English texts a member reading Filipino must not meet: each text of the member catalogue and each
 * fixed text of the server's (`messages`, notices) whose Filipino is different. Texts with blanks are left
 * out, as a page shows them filled in; so are texts both languages write alike (brand and plan names).
 */
export function englishWithFilipino({ english, filipino }: Catalogues): string[] {
  const texts = new Set<string>();
  for (const [key, text] of Object.entries(english.catalogue)) {
    if (!text.includes('{') && filipino.catalogue[key as MessageKey] !== text) texts.add(text.trim());
  }
  for (const [key, text] of Object.entries(filipino.messagesTranslation ?? {})) {
    const englishText = serverEnglishTexts.get(key);
    if (typeof englishText === 'string' && englishText !== text) texts.add(englishText.trim());
  }
  return [...texts];
}
