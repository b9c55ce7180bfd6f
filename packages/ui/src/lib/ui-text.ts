import { createContext, useContext } from 'react';

/**
 * The shared layout's and components' texts (header, menus, footer, dialogs' and lists' buttons, the
 * `messages` texts they show) are written in English; an app that shows them in another language gives
 * the translation of each (docs/architecture.md#two-languages). The admin apps stay English and give nothing.
 */
type UiText = (english: string, values?: Record<string, string | number>) => string;

/** English as written, its {placeholders} filled in. */
export function fillIn(english: string, values?: Record<string, string | number>): string {
  return english.replace(/\{(\w+)\}/g, (blank, name: string) => String(values?.[name] ?? blank));
}

const UiTextContext = createContext<UiText>(fillIn);

export const UiTextProvider = UiTextContext.Provider;

/** The app's text for one of the layout's English texts, with its {placeholders} filled in. */
export function useUiText(): UiText {
  return useContext(UiTextContext);
}
