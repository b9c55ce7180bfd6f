import { describe, expect, it } from 'vitest';
import { formatAmount, formatPesos, formatPesosAmount, parsePesos } from '../src/money';
import { pesosInput } from '../src/money-schemas';

describe('parsePesos', () => {
  it.each([
    [150, 15_000],
    ['150', 15_000],
    ['150.5', 15_050],
    ['150.50', 15_050],
    [0.1, 10],
    [2000, 200_000],
    [' 12.34 ', 1_234],
    ['1,000', 100_000],
    ['1,000.5', 100_050],
    ['12,345,678.90', 1_234_567_890],
  ])('reads %j as %i centavos', (input, centavos) => {
    expect(parsePesos(input)).toBe(centavos);
  });

  it.each([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [-1],
    ['-1'],
    ['1e3'],
    [1e21],
    ['150.123'],
    ['1,50'],
    ['1,5000'],
    [',500'],
    ['1,000,'],
    ['1.000,00'],
    [''],
    ['abc'],
    [null],
    [{}],
    ['0x10'],
  ])('refuses %j', (input) => {
    expect(parsePesos(input)).toBeNull();
  });
});

describe('formatting', () => {
  it('writes centavos as API strings and as pesos', () => {
    expect(formatAmount(15_000)).toBe('150.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(-500)).toBe('-5.00');
    expect(formatPesos(150_000)).toBe('₱1,500.00');
    expect(formatPesos(266)).toBe('₱2.66');
  });

  it('shows an API amount as pesos, and one that does not parse as it came', () => {
    expect(formatPesosAmount('1500.00')).toBe('₱1,500.00');
    expect(formatPesosAmount('-5.00')).toBe('-₱5.00');
    expect(formatPesosAmount('not an amount')).toBe('not an amount');
  });
});

describe('pesosInput', () => {
  const schema = pesosInput({ required: 'Amount is required', invalid: 'Amount must be a positive number' });

  it('turns a valid amount into centavos', () => {
    expect(schema.parse('150.25')).toBe(15_025);
  });

  it('reports the catalogue texts', () => {
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Amount is required');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Amount is required');
    expect(schema.safeParse('abc').error?.issues[0]?.message).toBe('Amount must be a positive number');
  });

  it('says a third decimal is the only thing wrong with an amount', () => {
    for (const value of ['150.555', '1,000.001', 150.555]) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe('Use at most 2 decimal places');
    }
    expect(schema.parse('1,000')).toBe(100_000);
  });
});
