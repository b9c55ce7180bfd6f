import { Card, CardContent, CardHeader, CardTitle, PageHeader } from '@app/ui';
import { type ReactNode, useEffect } from 'react';

/**
 * The reading pages (About, Privacy, Terms, Help): a header and titled, linkable sections. Each language
 * writes its own prose (content/en, content/fil) rather than sentence keys of the catalogues, which load
 * before the first screen: these load with their page (docs/architecture.md#two-languages).
 */
export function ContentPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  // On a first page load such as /privacy#cookies the sections render only after the user is known,
  // too late for the browser's own jump to the fragment; do it once they exist.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <>
      <PageHeader title={title} description={description} />
      {children}
    </>
  );
}

interface ContentSectionProps {
  /** Anchor for links such as /privacy#cookies: the same in both languages. */
  id: string;
  title: string;
  children: ReactNode;
}

/** One titled section of a reading page. */
export function ContentSection({ id, title, children }: ContentSectionProps) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm leading-relaxed text-muted-foreground [&_strong]:text-foreground">{children}</CardContent>
    </Card>
  );
}

/** A section that is one list: bulleted (About's plans and principles, what Privacy keeps) or numbered (Help's steps). */
export function ListSection({ numbered = false, children, ...section }: ContentSectionProps & { numbered?: boolean }) {
  return (
    <ContentSection {...section}>
      {numbered ? <ol className="grid list-decimal gap-2 pl-5">{children}</ol> : <ul className="grid list-disc gap-2 pl-5">{children}</ul>}
    </ContentSection>
  );
}
