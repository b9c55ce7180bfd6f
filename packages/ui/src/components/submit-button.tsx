import { LoaderCircle, type LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button';

interface SubmitButtonProps extends ButtonProps {
  /** The request is on its way: the button is disabled and shows a spinner in place of its icon. */
  pending: boolean;
  icon?: LucideIcon;
}

/** A form's submit button (type "submit" unless told) that shows its request is on its way. */
export function SubmitButton({ pending, icon: Icon, disabled, type = 'submit', children, ...props }: SubmitButtonProps) {
  return (
    <Button type={type} disabled={pending || disabled} {...props}>
      {pending ? (
        <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        Icon && <Icon aria-hidden="true" />
      )}
      {children}
    </Button>
  );
}
