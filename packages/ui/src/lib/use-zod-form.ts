import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** A schema whose input is a form's values: one from packages/contracts, or one piped into it. */
type FormSchema = z.ZodType<unknown, FieldValues>;

interface ZodFormOptions<Values extends FieldValues> {
  defaultValues: DefaultValues<Values>;
  /**
   * Hand the submit handler the values as typed rather than as the schema turns them: for schemas that
   * turn pesos into centavos while the server expects the text, and for forms that send what was typed.
   */
  raw?: boolean;
}

/** A rule about the whole form (a refine without a path) is reported as `errors.root`. */
function withRootError<Values extends FieldValues, Output>(resolver: Resolver<Values, unknown, Output>): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const { '': whole, ...fields } = result.errors as Record<string, FieldError | undefined>;
    return whole ? { values: {}, errors: { ...fields, root: whole } as FieldErrors<Values> } : result;
  };
}

/**
 * The one way to build a form (docs/architecture.md#forms): react-hook-form, checked by the zod schema
 * the server parses the same call with, so each field shows the catalogue text of its first failing rule
 * and nothing is sent until every rule holds.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: ZodFormOptions<z.input<Schema>> & { raw?: false },
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: ZodFormOptions<z.input<Schema>> & { raw: true },
): UseFormReturn<z.input<Schema>, unknown, z.input<Schema>>;
export function useZodForm(schema: FormSchema, { defaultValues, raw = false }: ZodFormOptions<FieldValues>) {
  const resolver = raw ? zodResolver(schema, undefined, { raw: true }) : zodResolver(schema);
  return useForm({ defaultValues, resolver: withRootError(resolver as Resolver<FieldValues, unknown, unknown>) });
}
