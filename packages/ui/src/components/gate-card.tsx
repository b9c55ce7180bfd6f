import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card } from './card';
import { DocumentTitle } from './document-title';
import { IconBadge } from './icon-badge';

interface GateCardProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Tone of the icon: a refusal reads differently from a request to sign in. */
  tone?: 'default' | 'destructive';
  /** Standalone gates (outside the app layout) fill the screen and bring their own page margins. */
  standalone?: boolean;
  children?: ReactNode;
}

/** A centred card that stands in for a page the visitor cannot see yet: sign in, denied, password. */
export function GateCard({ icon: Icon, title, description, tone = 'default', standalone = false, children }: GateCardProps) {
  return (
    <div className={cn('flex items-center justify-center py-8', standalone ? 'min-h-dvh px-4' : 'min-h-[60dvh]')}>
      <DocumentTitle title={title} />
      <Card className="grid w-full max-w-md gap-5 p-6 sm:p-8">
        <div className="grid justify-items-center gap-3 text-center">
          <IconBadge
            icon={Icon}
            className={cn('size-12 rounded-full', tone === 'destructive' ? 'bg-destructive/10' : 'bg-brand-soft')}
            iconClassName={cn('size-6', tone === 'destructive' ? 'text-destructive' : 'text-primary')}
          />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </Card>
    </div>
  );
}
