import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

interface PageHeaderProps {
  title: string;
  /** The browser tab's name for the page when the heading is personal ('Welcome back, Maria'). */
  documentTitle?: string;
  description?: string;
  /** Buttons or links that act on the whole page, shown beside the title on wide screens. */
  actions?: ReactNode;
}

/** The page's one <h1>, its subtitle and page-level actions; the heading names the browser tab too. */
export function PageHeader({ title, documentTitle = title, description, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <DocumentTitle title={documentTitle} />
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
