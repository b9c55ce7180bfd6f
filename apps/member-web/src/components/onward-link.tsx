import { AppLink, Button, cn } from '@app/ui';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';

interface OnwardLinkProps {
  href: string;
  children: ReactNode;
  /** `link`: a text link in a card's header ('View All'); `outline`: a button of its own. */
  variant: 'link' | 'outline';
  className?: string;
}

/** A link on to another page of the app, with its arrow. */
export function OnwardLink({ href, children, variant, className }: OnwardLinkProps) {
  return (
    <Button asChild variant={variant} className={cn(variant === 'link' && 'h-auto p-0', className)}>
      <AppLink href={href}>
        {children}
        <ArrowRight aria-hidden="true" />
      </AppLink>
    </Button>
  );
}
