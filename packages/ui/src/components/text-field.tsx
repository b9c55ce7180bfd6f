import { type ComponentProps, useId } from 'react';
import { type Control, type FieldValues, type Path, useFormState } from 'react-hook-form';
import { Field } from './field';
import { Input, Textarea } from './input';

interface BoundProps<Values extends FieldValues> {
  /** The form's control, whatever its submit handler receives. */
  control: Control<Values, unknown, unknown>;
  /** A text field of the form: the box is registered under it, and shows the text of its first failing rule. */
  name: Path<Values>;
  label: string;
  hint?: string;
  className?: string;
}

/** What the box itself takes besides what the field wires (its id, name and aria attributes). */
type BoxProps<Element extends 'input' | 'textarea'> = Omit<ComponentProps<Element>, 'id' | 'name' | 'className' | 'form'>;

type TextFieldProps<Values extends FieldValues> = BoundProps<Values> &
  ((BoxProps<'input'> & { rows?: undefined }) | (BoxProps<'textarea'> & { rows: number }));

/**
 * A form's text field, bound to the form by its name (docs/architecture.md#forms): a one-line box, or with
 * `rows` a box of that many lines, its label, its hint and the error the form holds for it.
 */
export function TextField<Values extends FieldValues>({ control, name, label, hint, className, ...box }: TextFieldProps<Values>) {
  const id = useId();
  const { error } = control.getFieldState(name, useFormState({ control, name }));
  const registered = control.register(name);
  return (
    <Field id={id} label={label} hint={hint} error={error?.message} className={className}>
      {box.rows === undefined ? <Input {...box} {...registered} /> : <Textarea {...box} {...registered} />}
    </Field>
  );
}
