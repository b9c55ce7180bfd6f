import { Slot } from 'radix-ui';
import type { ReactElement } from 'react';
import { cn } from '../lib/cn';
import { FormError } from './form-error';
import { Label } from './label';

interface FieldProps {
  id: string;
  label: string;
  /** The failing rule's text; the control is marked invalid and described by it. */
  error?: string;
  hint?: string;
  className?: string;
  /** Exactly one form control; it receives the id and the aria wiring. */
  children: ReactElement;
}

/** A labelled form control with its hint and error, wired for screen readers. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FormError id={errorId} message={error} />
    </div>
  );
}
