import fc from 'fast-check';

/**
 * fast-check arbitraries for hostile input: the values a careless or malicious client sends in place of
 * what a form would. Each family is a fixed list of known trouble makers plus generated variations.
 */

const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uD83D', '\uDE00b', '\uDBFF\uDBFF'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\uFEFF', '\u2060', '\u00AD'];
const DIRECTION_MARKS = ['\u202E', '\u202D', '\u200F', '\u200E', '\u2066', '\u2069', '\u061C'];
const EMOJI = ['😀', '👩‍👩‍👧‍👦', '🇵🇭', '🏳️‍🌈', '🧑🏽‍💻'];
const COMBINING = ['e\u0301', `Z${'\u0351\u0352\u0353\u0354\u0355'.repeat(30)}`, '\u0301'];
const CONTROL = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\r\n', '\t', '\u0085', '\u2028'];
const LOOKALIKES = ['５', '٣', 'ｊａｖａｓｃｒｉｐｔ', 'İ', 'ß', 'ﬃ'];

export const unicodeEdge: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(...LONE_SURROGATES, ...ZERO_WIDTH, ...DIRECTION_MARKS, ...EMOJI, ...COMBINING, ...CONTROL, ...LOOKALIKES),
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/** Tens of kilobytes of one character, ASCII or multi-byte, well under the 1 MB body limit. */
const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', '₱', '😀', '<', 'e\u0301', '%', '\\', '"'), fc.integer({ min: 10_000, max: 40_000 }))
  .map(([unit, count]) => unit.repeat(Math.ceil(count / unit.length)));

const outOfRangeNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(-1, -0, 0, 1e308, -1e308, 5e-324, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 63), 1e21, 0.1 + 0.2, 1.005),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x10', '1n'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Amounts that look like money but break the "at most two decimals, no sign, no exponent" rule, and a few that keep it ("1,000"). */
const moneyString: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom(
    '1.005',
    '0.001',
    '1e2',
    '1E-2',
    '1,000',
    '1,000.00',
    '+5',
    ' 5',
    '5 ',
    ' 5.00 ',
    '-5',
    '-0.00',
    '0x1F',
    '5.',
    '.5',
    '٥',
    '５',
    '1_000',
    '₱5',
    '5 PHP',
    '5.0.0',
    '99999999999999999999.99',
    '9007199254740993',
    '',
    ' ',
    '1.50',
    '10',
    '0',
    '0.00',
  ),
  fc
    .tuple(fc.nat({ max: 1_000_000 }), fc.integer({ min: 3, max: 8 }), fc.nat())
    .map(([whole, places, fraction]) => `${whole}.${String(fraction).padStart(places, '0').slice(0, places)}`),
  fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: -10, max: 30 })).map(([mantissa, exponent]) => `${mantissa}e${exponent}`),
  fc.double({ min: 0, max: 1e6, noNaN: true }),
);

/** Ids of every shape; `known` are the real ids of the fixture rows, so some calls reach a record. */
function idLike(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.uuid(),
    fc.constantFrom(
      'not-a-uuid',
      '0',
      '-1',
      '1.5',
      "' OR '1'='1",
      '1; DROP TABLE users; --',
      '../..',
      '..%2F..',
      '%2e%2e%2f',
      'a/b',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j lookup, sent as plain text
      '${jndi:ldap://x}',
      '{{7*7}}',
      '<script>alert(1)</script>',
      'null',
      'undefined',
      'constructor',
      'VIP300',
      'x'.repeat(201),
      'x'.repeat(5000),
      '00000000-0000-0000-0000-000000000000',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    ),
    fc.integer().map(String),
    unicodeEdge,
    ...(known.length > 0 ? [fc.constantFrom(...known)] : []),
  );
}

/** Values of the wrong JSON type for any field, deep nesting included. */
export const wrongJsonType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(JSON.parse('{"a":{"b":{"c":{"d":{"e":{"f":[[[[[[1]]]]]]}}}}}}')),
);

/** Any hostile value for a field whose kind is unknown. */
export function hostileValue(knownIds: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: wrongJsonType, weight: 3 },
    { arbitrary: unicodeEdge, weight: 3 },
    { arbitrary: hugeString, weight: 1 },
    { arbitrary: outOfRangeNumber, weight: 2 },
    { arbitrary: moneyString, weight: 2 },
    { arbitrary: idLike(knownIds), weight: 3 },
  );
}

/** What a procedure's input schema says about one field (from its JSON Schema). */
export interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  anyOf?: FieldSchema[];
}

/**
 * A value a form could have sent for the field, so that some calls pass validation and reach the
 * service: the schema's own enum values, booleans, amounts, e-mails, ids and short text.
 */
export function plausibleValue(schema: FieldSchema, knownIds: readonly string[]): fc.Arbitrary<unknown> {
  const kinds = schema.anyOf ?? [schema];
  const options = kinds.flatMap((kind): fc.Arbitrary<unknown>[] => {
    const types = Array.isArray(kind.type) ? kind.type : [kind.type];
    if (kind.enum) return [fc.constantFrom(...kind.enum)];
    if (types.includes('null')) return [fc.constant(null)];
    if (types.includes('boolean')) return [fc.boolean()];
    if (types.includes('number') && types.includes('string')) return [moneyString];
    if (types.includes('integer') || types.includes('number')) return [fc.integer({ min: -5, max: 300 })];
    if (kind.format === 'email') return [fc.emailAddress()];
    if (types.includes('string')) return [fc.string({ minLength: 1, maxLength: 30 }), idLike(knownIds)];
    return [];
  });
  return options.length > 0 ? fc.oneof(...options) : hostileValue(knownIds);
}
