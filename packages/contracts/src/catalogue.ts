import { messages } from './messages';
import { staffMessages } from './staff-messages';

type Catalogue = { readonly [key: string]: string | ((...args: string[]) => string) | Catalogue };

/** Each text of a catalogue as a test: fixed texts by equality, texts with blanks by their shape. */
function textMatchers(node: Catalogue): Array<(text: string) => boolean> {
  return Object.values(node).flatMap((value): Array<(text: string) => boolean> => {
    if (typeof value === 'string') return [(text) => text === value];
    if (typeof value === 'object') return textMatchers(value);
    const blank = '\u0001';
    const escaped = value(...Array.from({ length: value.length }, () => blank)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const shape = new RegExp(`^${escaped.replaceAll(blank, '.+')}$`, 's');
    return [(text) => shape.test(text)];
  });
}

const catalogueMatchers = [messages, staffMessages].flatMap((catalogue) => textMatchers(catalogue as Catalogue));

/** Whether a text is one of the catalogue's (a fixed text, or a text with blanks filled in). */
export function isCatalogueText(text: string): boolean {
  return catalogueMatchers.some((matches) => matches(text));
}
