import { describe, expect, it } from 'vitest';
import { addressBlock } from '../src/addresses';

/** Each behaviour with its cases: an address a client may be seen from, and the block it is counted under. */
const BEHAVIOURS: Record<string, Array<[address: string, block: string]>> = {
  'is an IPv4 address itself, however it is written': [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
  ],
  'is the /64 of an IPv6 address, however it is written': [
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::5%eth0', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:0:0:198.51.100.1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1', 'fe80:0:0:0::/64'],
    ['2001:db8::1:2:3:4', '2001:db8:0:0::/64'],
  ],
  'is the IPv4 address an IPv4-mapped IPv6 address carries, in every notation': [
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::ffff:102:304', '1.2.3.4'],
    ['0:0:0:0:0:ffff:102:304', '1.2.3.4'],
    ['0000:0000:0000:0000:0000:FFFF:0102:0304', '1.2.3.4'],
    ['::FFFF:0102:0304', '1.2.3.4'],
    ['0:0::ffff:1.2.3.4', '1.2.3.4'],
    ['::ffff:1.2.3.4%eth0', '1.2.3.4'],
    ['::ffff:102:304%25', '1.2.3.4'],
    ['::ffff:cb00:7109', '203.0.113.9'],
  ],
  'is the IPv4 address a NAT64 address carries in its last 32 bits: the well-known and the local-use prefix': [
    ['64:ff9b::1.2.3.4', '1.2.3.4'],
    ['64:ff9b::102:304', '1.2.3.4'],
    ['0064:FF9B:0000:0000:0000:0000:0102:0304', '1.2.3.4'],
    ['64:ff9b:0:0:0:0:1.2.3.4%wlan0', '1.2.3.4'],
    ['64:ff9b:1::102:304', '1.2.3.4'],
    ['64:ff9b:1:ab:cd:ef:102:304', '1.2.3.4'],
    ['64:FF9B:0001::1.2.3.4', '1.2.3.4'],
    // Other addresses of those neighbourhoods are IPv6 clients of their own.
    ['64:ff9b:2::102:304', '64:ff9b:2:0::/64'],
    ['::fffe:102:304', '0:0:0:0::/64'],
    ['::1:ffff:102:304', '0:0:0:0::/64'],
  ],
  'leaves anything else as it is': [
    ['unknown', 'unknown'],
    ['1::2::3', '1::2::3'],
    ['1:2:3:4:5:6:7', '1:2:3:4:5:6:7'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['::ffff:1.2.3.256', '::ffff:1.2.3.256'],
    ['::12345', '::12345'],
    ['::g', '::g'],
  ],
};

describe('the block a per-address limit counts a client under', () => {
  it.each(Object.entries(BEHAVIOURS))('%s', (_behaviour, cases) => {
    for (const [address, block] of cases) expect(addressBlock(address), address).toBe(block);
  });
});
