import type { ReactNode } from 'react';

/** What is wrong with a form or one of its fields, read out as soon as it shows; nothing while all is well. */
export function FormError({ id, message }: { id?: string; message: ReactNode }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
