import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A link that opens in a new tab, without giving that page a hold on this one, with the external-link
 * icon before its text; it takes the props a Button passes to its child (asChild).
 */
export function NewTabLink({ children, ...props }: ComponentProps<'a'> & { href: string }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      <ExternalLink aria-hidden="true" />
      {children}
    </a>
  );
}
