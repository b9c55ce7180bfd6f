import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

interface SectionCardProps {
  /** The card's heading, an <h2>. */
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /** The layout of the card's body (a grid, a flex row). */
  contentClassName?: string;
  children: ReactNode;
}

/** A titled card: the page section most screens are made of. */
export function SectionCard({ title, description, className, contentClassName, children }: SectionCardProps) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
