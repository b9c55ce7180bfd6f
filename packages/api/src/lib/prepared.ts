import { z } from 'zod';

/**
 * Answers that many requests share, made from cached rows (docs/architecture.md#prepared-answers): checked
 * against the procedure's output schema and written as JSON once, when made, rather than on each request.
 * The JSON of each, by the answer itself: an answer that is dropped takes its JSON with it.
 */
const preparedJson = new WeakMap<object, string>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/**
 * `value` as `schema` outputs it, frozen (it is shared by every request that gets it), with its JSON kept
 * for the REST answer. The procedure's output must be `acceptingPrepared(schema)` of the same schema.
 */
export function prepareAnswer<S extends z.ZodType<object>>(schema: S, value: z.input<S>): z.output<S> {
  const answer = deepFreeze(schema.parse(value));
  preparedJson.set(answer, JSON.stringify(answer));
  return answer;
}

/** The JSON written when `value` was prepared, or undefined for any other value. */
export function jsonOfPrepared(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? preparedJson.get(value) : undefined;
}

/**
 * A procedure's output schema that passes a prepared answer through as it is (`schema` checked it when it
 * was made) and checks anything else as `schema` does. Everything else about the schema, the OpenAPI
 * document included, is `schema`'s own.
 */
export function acceptingPrepared<S extends z.ZodType>(schema: S): S {
  const output = Object.create(schema) as S;
  // The document names a schema by its metadata (its component id), looked up by the object itself.
  const metadata = z.globalRegistry.get(schema);
  if (metadata) z.globalRegistry.add(output, metadata);
  output.parseAsync = (value, params) =>
    preparedJson.has(value as object) ? Promise.resolve(value as z.output<S>) : schema.parseAsync(value, params);
  return output;
}
