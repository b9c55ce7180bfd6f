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

  it('is the IPv4 address an IPv4-mapped IPv6 address carries, in every notation', () => {
    for (const address of [
      '::ffff:1.2.3.4',
      '::ffff:102:304',
      '0:0:0:0:0:ffff:102:304',
      '0000:0000:0000:0000:0000:FFFF:0102:0304',
      '::FFFF:0102:0304',
      '0:0::ffff:1.2.3.4',
      '::ffff:1.2.3.4%eth0',
      '::ffff:102:304%25',
    ]) {
      expect(addressBlock(address), address).toBe('1.2.3.4');
    }
    expect(addressBlock('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('is the IPv4 address a NAT64 address carries in its last 32 bits: the well-known and the local-use prefix', () => {
    for (const address of [
      '64:ff9b::1.2.3.4',
      '64:ff9b::102:304',
      '0064:FF9B:0000:0000:0000:0000:0102:0304',
      '64:ff9b:0:0:0:0:1.2.3.4%wlan0',
      '64:ff9b:1::102:304',
      '64:ff9b:1:ab:cd:ef:102:304',
      '64:FF9B:0001::1.2.3.4',
    ]) {
      expect(addressBlock(address), address).toBe('1.2.3.4');
    }
    // Other addresses of those neighbourhoods are IPv6 clients of their own.
    expect(addressBlock('64:ff9b:2::102:304')).toBe('64:ff9b:2:0::/64');
    expect(addressBlock('::fffe:102:304')).toBe('0:0:0:0::/64');
    expect(addressBlock('::1:ffff:102:304')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressBlock('unknown')).toBe('unknown');
    for (const address of ['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3.256', '::12345', '::g']) {
      expect(addressBlock(address), address).toBe(address);
    }
  });
});
