import { formatPesos, parsePesos } from '@app/contracts';

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
