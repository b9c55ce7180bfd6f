import { recordId } from './inputs';
import { staffMessages } from './staff-messages';
import { z } from './zod';

const m = staffMessages.admin;

export const activeFlag = z.boolean({ error: m.activeInvalid });

/** A whole number given as a number or text; a blank becomes 0 (docs/product-rules.md#validation). */
export function wholeNumberInput(message: string, max: number) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '') return 0;
      const number = typeof text === 'number' ? text : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(number) || number < 0 || number > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    })
    .meta({
      anyOf: [
        { type: 'integer', minimum: 0, maximum: max },
        { type: 'string', pattern: '^\\s*\\d*\\s*$' },
      ],
      description: `A whole number from 0 to ${max}, as a number or digits (blank is 0).`,
    });
}

/** True when an update names at least one field besides its id. */
export const changesSomething = (input: Record<string, unknown>, idKey: string) =>
  Object.entries(input).some(([key, value]) => key !== idKey && value !== undefined);

/** An edit of a record: its id, then any of its fields, each checked by its own rule; at least one is given. */
export function recordUpdateInput<Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({ id: recordId, ...z.object(fields).partial().shape })
    .refine((input) => changesSomething(input, 'id'), m.nothingToUpdate);
}
