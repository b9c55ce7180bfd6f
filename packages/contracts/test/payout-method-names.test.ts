import { describe, expect, it } from 'vitest';
import { COMMISSION_PAYOUT_METHODS, PAYOUT_METHODS, payoutMethodName, payoutMethodOptions } from '../src';

describe('payoutMethodName', () => {
  it('shows every method by its brand name, members and operator alike', () => {
    expect(PAYOUT_METHODS.map(payoutMethodName)).toEqual(['GCash', 'Maya', 'Binance', 'Coins.ph', 'BDO', 'PayPal', 'Bank transfer']);
    expect(COMMISSION_PAYOUT_METHODS.map(payoutMethodName)).toEqual(['GCash', 'Maya', 'Bank transfer']);
  });

  it('shows a method no longer offered as it was stored', () => {
    expect(payoutMethodName('Western Union')).toBe('Western Union');
  });
});

describe('payoutMethodOptions', () => {
  it('lists each method by its name, choosing its API value', () => {
    expect(payoutMethodOptions(COMMISSION_PAYOUT_METHODS)).toEqual([
      { value: 'G-CASH', label: 'GCash' },
      { value: 'PayMaya', label: 'Maya' },
      { value: 'Bank Transfer', label: 'Bank transfer' },
    ]);
  });
});
