import { Input } from '@app/ui';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useLanguage } from '../../lib/language';
import { ContentSection } from './content-page';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Help's questions and answers, at the anchor the footer's FAQ link opens (/help#faq). */
export function FaqSection({ title, entries }: { title: string; entries: readonly FaqEntry[] }) {
  return (
    <ContentSection id="faq" title={title}>
      <Faq entries={entries} />
    </ContentSection>
  );
}

/** Questions and answers with a search box that keeps the entries whose question or answer match. */
function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  const { t } = useLanguage();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLowerCase();
  const matches = needle ? entries.filter((entry) => `${entry.question} ${entry.answer}`.toLowerCase().includes(needle)) : entries;
  return (
    <div className="grid gap-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('faq.searchPlaceholder')}
          aria-label={t('faq.searchLabel')}
          className="pl-9"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {needle ? t('faq.matches', { count: matches.length }) : ''}
      </p>
      {matches.length === 0 ? (
        <p>{t('faq.noMatches')}</p>
      ) : (
        <div className="divide-y rounded-lg border">
          {matches.map((entry) => (
            <details key={entry.question} className="group px-4 py-3">
              <summary className="cursor-pointer list-none font-medium text-foreground outline-none focus-visible:underline [&::-webkit-details-marker]:hidden">
                <span className="mr-2 inline-block text-primary transition-transform group-open:rotate-90" aria-hidden="true">
                  ›
                </span>
                {entry.question}
              </summary>
              <p className="mt-2 pl-5">{entry.answer}</p>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
