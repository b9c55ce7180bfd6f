/** Money travels as integer centavos inside the system and as "150.00" strings at its edges. */
export type Centavos = number;

/** Plain digits, or digits grouped by three with commas as people write pesos ("1,000"), then at most two decimals. */
const DECIMAL_PATTERN = /^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/;
/** DECIMAL_PATTERN with the spaces parsePesos trims allowed around it: what the OpenAPI document says of an amount's text. */
export const PESOS_TEXT_PATTERN = `^\\s*${DECIMAL_PATTERN.source.slice(1, -1)}\\s*$`;
/** An amount that would be valid but for its third (or later) decimal. */
const EXTRA_DECIMALS_PATTERN = /^(\d+|\d{1,3}(,\d{3})+)\.\d{3,}$/;

/**
 * Parses a peso amount given as a number or a decimal string ("150", "150.5", "1,000.50") into centavos.
 * Returns null for anything that is not a plain, non-negative amount with at most two decimals:
 * NaN, infinities, exponents, signs, misplaced commas and a third decimal are all refused.
 */
export function parsePesos(input: unknown): Centavos | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // Numbers such as 150.1 are not exact in binary; round-trip through a fixed string and insist it matches.
    text = String(input);
    if (text.includes('e')) return null;
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  if (!DECIMAL_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replaceAll(',', '').split('.');
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(centavos) ? centavos : null;
}

/** Whether an amount is refused only for having more than two decimals ("150.555"), to say exactly that. */
export function hasExtraDecimals(input: unknown): boolean {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  return EXTRA_DECIMALS_PATTERN.test(text);
}

/** 15000 -> "150.00"; negative amounts keep their sign ("-5.00"). */
export function formatAmount(centavos: Centavos): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** 15000 -> "₱150.00"; thousands are grouped for reading ("₱1,500.00"). */
export function formatPesos(centavos: Centavos): string {
  const [whole = '0', fraction] = formatAmount(Math.abs(centavos)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${centavos < 0 ? '-' : ''}₱${grouped}.${fraction}`;
}

/**
 * An API amount ("1500.00", "-5.00") shown as pesos ("₱1,500.00"). The API only ever sends two-decimal
 * strings, so a value that does not parse is a broken response and is shown as it came rather than as ₱0.00.
 */
export function formatPesosAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const centavos = parsePesos(negative ? amount.slice(1) : amount);
  if (centavos === null) return amount;
  return formatPesos(negative ? -centavos : centavos);
}

/**
 * An amount ("150.00") with the sign of its effect on the available balance ("+1.50", "-150.00", "0.00"):
 * "+" for a credit, "-" for a debit, none for a row that moved money elsewhere (an approved payout only
 * leaves pending). The history screen and the CSV statement both write amounts this way.
 */
export function signedAmount(amount: string, availableChange: string): string {
  const unsigned = amount.replace(/^-/, '');
  if (availableChange.startsWith('+')) return `+${unsigned}`;
  if (availableChange.startsWith('-')) return `-${unsigned}`;
  return unsigned;
}
