import { fillIn, UiTextProvider } from '@app/ui';
import type { ReactNode } from 'react';
import { hasText, inLanguage, type Translate, useLanguage } from '../lib/language';

/**
 * The shared layout (header, menus, footer of @app/ui) in the member's language: its English texts are the
 * catalogue's `ui.<English text>` keys, or texts of `messages` (docs/architecture.md#two-languages). What it holds is made again
 * when the language changes, as a reload would, so that every text written through inLanguage changes too.
 */
export function UiTexts({ children }: { children: ReactNode }) {
  const { language, t } = useLanguage();
  return (
    <UiTextProvider key={language} value={(english, values) => uiText(t, english, values)}>
      {children}
    </UiTextProvider>
  );
}

function uiText(t: Translate, english: string, values?: Record<string, string | number>): string {
  const key = `ui.${english}`;
  return hasText(key) ? t(key, values) : inLanguage(fillIn(english, values));
}
