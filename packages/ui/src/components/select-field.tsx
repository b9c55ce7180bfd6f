import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Field } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** A choice: its value, and what the list shows when that is not the value itself. */
type SelectOption = string | { value: string; label: string };

interface SelectFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  /** A text field of the form. */
  name: Path<Values>;
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  error?: string;
  className?: string;
}

/**
 * A form's pick-one field (docs/architecture.md#forms): the label and the error are wired to the trigger,
 * which is the control a keyboard or a screen reader reaches.
 */
export function SelectField<Values extends FieldValues, Output>({
  control,
  name,
  id,
  label,
  options,
  placeholder,
  error,
  className,
}: SelectFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
          <Field id={id} label={label} error={error} className={className}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </Field>
          <SelectContent>
            {options.map((option) => {
              const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
              return (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              );
            })}
          </SelectContent>
        </Select>
      )}
    />
  );
}
