import { messages } from './messages';
import { hasExtraDecimals, PESOS_TEXT_PATTERN, parsePesos } from './money';
import { z } from './zod';

// Apart from money.ts so that formatting an amount on a first screen does not bring zod along.

/** An amount as the API returns it: a string with exactly two decimals. */
export const amountString = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * What JSON Schema can say of an amount the API accepts (docs/api-conventions.md#the-openapi-document):
 * a number of at least `minimum` (and at most `maximum`), or decimal text as parsePesos reads it; that a
 * number has at most two decimals is said in words.
 */
export function pesosInputDocument(description: string, range: { minimum?: number; maximum?: number } = {}) {
  return {
    anyOf: [
      { type: 'number', minimum: range.minimum ?? 0, ...(range.maximum === undefined ? {} : { maximum: range.maximum }) },
      { type: 'string', pattern: PESOS_TEXT_PATTERN },
    ],
    description: `${description} Pesos as a number or text with at most two decimals ("150", "150.50", "1,000.50").`,
  };
}

/**
 * An amount as the API accepts it: a number or decimal string with at most two decimals ("1,000" and
 * "1000.5" alike), turned into centavos; a third decimal is refused with a message that says so. `required` and `invalid` are the catalogue texts to report.
 */
export function pesosInput(opts: { required?: string; invalid?: string } = {}) {
  const required = opts.required ?? messages.common.amountRequired;
  const invalid = opts.invalid ?? messages.common.amountInvalid;
  return z
    .union([z.number(), z.string()], { error: required })
    .transform((value, ctx) => {
      if (typeof value === 'string' && value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const centavos = parsePesos(value);
      if (centavos === null) {
        ctx.addIssue({ code: 'custom', message: hasExtraDecimals(value) ? messages.common.extraDecimals : invalid });
        return z.NEVER;
      }
      return centavos;
    })
    .meta(pesosInputDocument('An amount.'));
}
