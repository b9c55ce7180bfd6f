import { describe, expect, it } from 'vitest';
import { addressBlock } from '../src/addresses';

describe('the block a per-address limit counts a client under', () => {
  it('is an IPv4 address itself, however it is written', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const block = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::5%eth0',
      '2001:db8:1:2:0:0:198.51.100.1',
    ]) {
      expect(addressBlock(address), address).toBe(block);
    }
    expect(addressBlock('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
