import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../components/card';
import { DocumentTitle } from '../components/document-title';
import { IconBadge } from '../components/icon-badge';
import { BrandLink } from '../layout/brand';
import { cn } from '../lib/cn';

interface StandaloneCardProps {
  icon: LucideIcon;
  /** The icon's colours: the brand's, or the warning's (the site is closed). */
  tone?: 'brand' | 'warning';
  title: string;
  description: ReactNode;
  /** Classes of the card (its padding). */
  cardClassName: string;
  /** Classes of the page around it. */
  className?: string;
  children: ReactNode;
}

/**
 * A page of its own outside the app's layout: the brand, then one centred card with a round icon, a
 * heading (also the document title), a sentence and what the visitor can do (the maintenance screen,
 * a referral link's invite).
 */
export function StandaloneCard({
  icon: Icon,
  tone = 'brand',
  title,
  description,
  cardClassName,
  className,
  children,
}: StandaloneCardProps) {
  return (
    <div className={cn('flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10', className)}>
      <BrandLink />
      <Card className={cn('grid w-full max-w-md justify-items-center gap-5 text-center', cardClassName)}>
        <IconBadge
          icon={Icon}
          className={cn('size-14 rounded-full', tone === 'warning' ? 'bg-warning-soft' : 'bg-brand-soft')}
          iconClassName={cn('size-7', tone === 'warning' ? 'text-warning' : 'text-primary')}
        />
        <div className="grid gap-2">
          <DocumentTitle title={title} />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
        {children}
      </Card>
    </div>
  );
}
