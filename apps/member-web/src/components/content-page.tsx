import { Card, CardContent, CardHeader, CardTitle, PageHeader } from '@app/ui';
import { type ReactNode, useEffect } from 'react';

export interface ContentSection {
  /** Anchor for links such as /privacy#cookies. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A reading page's words in one language. Each language writes its own prose rather than sentence keys of
 * the catalogues (components/content/fil), which load before the first screen: these load with their page.
 */
export interface ContentPageText {
  title: string;
  description: string;
  sections: readonly ContentSection[];
}

/** The reading pages (About, Privacy, Terms, Help): a header and titled, linkable sections. */
export function ContentPage({ title, description, sections }: ContentPageText) {
  // On a first page load such as /privacy#cookies the sections render only after the user is known,
  // too late for the browser's own jump to the fragment; do it once they exist.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <>
      <PageHeader title={title} description={description} />
      {sections.map((section) => (
        <Card key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} role="region">
          <CardHeader>
            <CardTitle id={`${section.id}-title`}>{section.title}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm leading-relaxed text-muted-foreground [&_strong]:text-foreground">
            {section.body}
          </CardContent>
        </Card>
      ))}
    </>
  );
}
