import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '../lib/cn';
import { Label } from './label';
import { Switch } from './switch';

interface SwitchFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  /** A boolean field of the form. */
  name: Path<Values>;
  id: string;
  label: string;
  className?: string;
}

/** A form's on/off field: the switch and its label (docs/architecture.md#forms). */
export function SwitchField<Values extends FieldValues, Output>({ control, name, id, label, className }: SwitchFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex items-center gap-3', className)}>
          <Switch id={id} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}
