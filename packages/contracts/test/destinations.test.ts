import { describe, expect, it } from 'vitest';
import { maskDestination, normalizeDestination } from '../src';

describe('payout destinations', () => {
  it.each([
    ['09171234567', 'mobile:09171234567'],
    ['+63 917 123 4567', 'mobile:09171234567'],
    ['0917-123-4567 (Juan Dela Cruz)', 'mobile:09171234567'],
    ['G-CASH 639171234567', 'mobile:09171234567'],
    // Written another way to look like another number: still the same one.
    ['0917/123/4567', 'mobile:09171234567'],
    ['G-CASH: 0917_123_4567', 'mobile:09171234567'],
    ['0917–123–4567', 'mobile:09171234567'],
    ['０９１７ １２３ ４５６７', 'mobile:09171234567'],
    ['BDO 0012/3456/7890', 'account:001234567890'],
    ['Juan.Cruz@Example.com', 'email:juan.cruz@example.com'],
    ['PayPal: juan.cruz@example.com please', 'email:juan.cruz@example.com'],
    ['BDO 0012 3456 7890', 'account:001234567890'],
    ['Account 12345678, branch 001', 'account:12345678'],
    // A bank account number whose last ten digits look like a mobile number is still that account.
    ['BDO 001234599123456789', 'account:001234599123456789'],
    ['Acct 5559123456789', 'account:5559123456789'],
    ['TXa1B2c3D4e5F6g7', 'text:txa1b2c3d4e5f6g7'],
  ])('reads %j as %j', (details, normalised) => {
    expect(normalizeDestination(details)).toBe(normalised);
  });

  it.each(['0917', 'Account of me', 'cash', '', '12345'])('names nothing specific in %j', (details) => {
    expect(normalizeDestination(details)).toBeNull();
  });

  it('masks what admins see', () => {
    expect(maskDestination('mobile:09171234567')).toBe('0917•••4567');
    expect(maskDestination('email:juan.cruz@example.com')).toBe('j***@example.com');
    expect(maskDestination('account:001234567890')).toBe('•••7890');
    expect(maskDestination('text:txa1b2c3d4e5f6g7')).toBe('txa1•••f6g7');
  });
});
