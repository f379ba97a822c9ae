import { isIPv6 } from 'node:net';
import { describe, expect, test } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  test('IPv4 as is, IPv4-mapped unwrapped, IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('[2001:DB8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('')).toBe('unknown');
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
