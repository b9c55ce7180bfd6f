/**
 * The languages a member can read the site in (docs/architecture.md#two-languages): English and Filipino.
 * English is the default: what a browser that prefers neither gets.
 */
export const LANGUAGES = ['en', 'fil'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that keeps a visitor's language for signed-out pages and the server's texts (a year). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language's own name, as its speakers write it: what the language switch offers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

/** The Intl locale numbers, money and dates are formatted with: the Philippine variety of each language. */
export function intlLocale(language: Language): 'en-PH' | 'fil-PH' {
  return language === 'fil' ? 'fil-PH' : 'en-PH';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of a browser's preferred languages (navigator.languages, or an Accept-Language header's tags
 * by their q weight) that the site has: Tagalog (`tl`) reads as Filipino. English when none is.
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary === 'fil' || primary === 'tl') return 'fil';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's language tags, most preferred first. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language of a request for a page or a text of the server: the visitor's cookie (set at their first
 * visit, and whenever they switch), else the browser's Accept-Language.
 */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return isLanguage(cookie) ? cookie : preferredLanguage(acceptLanguageTags(acceptLanguage));
}
