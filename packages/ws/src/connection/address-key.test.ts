import { isIPv6 } from 'node:net';
import { describe, expect, test } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  const keys: Array<[string | undefined, string]> = [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:bbbb:cccc:dddd:eeee', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['[2001:DB8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
    ['', 'unknown'],
  ];
  test.each(keys)('IPv4 as is, IPv4-mapped unwrapped, IPv6 by /64: %s → %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  test('what is not an address is its own key', () => {
    for (const text of [
      'localhost',
      'gggg::1',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '1:2:3:4:5:6:7::8',
    ]) {
      expect(addressKey(text)).toBe(text);
    }
  });

  test('groups by /64 exactly the strings node:net reads as IPv6 (it runs without node:net)', () => {
    const inputs = [
      '::',
      '::1',
      '1::',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6::8',
      '1:2:3:4:5:6:7::',
      '::2:3:4:5:6:7:8',
      '1:2:3:4:5:6:1.2.3.4',
      '::1.2.3.4',
      '1::1.2.3.4',
      '1:2:3:4:5:6:7:1.2.3.4',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::1',
      'g::1',
      ':1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:',
      '1::256.1.1.1',
      '1::1.2.3',
      'abcd:ef01:2345:6789:abcd:ef01:2345:6789',
    ];
    for (const input of inputs) {
      expect(addressKey(input).endsWith('::/64'), input).toBe(isIPv6(input));
    }
  });
});
