import { trpc, useCurrentUser } from '@app/client';
import { LANGUAGE_NAMES, LANGUAGES, type Language, type User } from '@app/contracts';
import { Button } from '@app/ui';
import { Languages } from 'lucide-react';
import { useEffect } from 'react';
import { activateLanguage, useLanguage } from '../lib/language';

/**
 * Switches the site's language (docs/architecture.md#two-languages): the page at once, the cookie for the
 * signed-out pages, and the member's stored choice, which their notices and the server's texts follow.
 */
function useSwitchLanguage(): (language: Language) => void {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const store = trpc.profile.setLanguage.useMutation({ onSuccess: () => void utils.auth.user.invalidate() });
  return (language) => {
    void activateLanguage(language);
    if (user && user.language !== language) store.mutate({ language });
  };
}

/** The header's switch: one button naming the other language, in that language. */
export function LanguageSwitch() {
  const { language, t } = useLanguage();
  const switchTo = useSwitchLanguage();
  const other = language === 'fil' ? 'en' : 'fil';
  return (
    <Button
      variant="ghost"
      size="sm"
      className="px-2 sm:px-3"
      onClick={() => switchTo(other)}
      aria-label={`${t('language.label')}: ${LANGUAGE_NAMES[other]}`}
      // What landing.html's script, which has no React, finds the switch by (src/landing.ts).
      data-switch-language={other}
    >
      <Languages aria-hidden="true" />
      {/* A phone's header has no room for the name: the icon alone, named by its label. */}
      <span lang={other} className="hidden sm:inline">
        {LANGUAGE_NAMES[other]}
      </span>
    </Button>
  );
}

/** Profile's choice of language: both, the active one pressed. */
export function LanguageChoice() {
  const { language, t } = useLanguage();
  const switchTo = useSwitchLanguage();
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{t('language.label')}</legend>
      <div className="flex gap-2">
        {LANGUAGES.map((option) => (
          <Button
            key={option}
            variant={option === language ? 'default' : 'outline'}
            aria-pressed={option === language}
            lang={option}
            onClick={() => switchTo(option)}
          >
            {LANGUAGE_NAMES[option]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/** A member's stored language wins over the browser's once they are known (a new device, another browser). */
export function useFollowMemberLanguage(user: User | null): void {
  const stored = user?.language ?? null;
  useEffect(() => {
    if (stored) void activateLanguage(stored);
  }, [stored]);
}
