import { describe, expect, it } from 'vitest';
import { addressKey, shownAddress } from './client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address, and the IPv4 address an IPv6 socket maps', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2:a::b', 'fe80::1%eth0']) {
      if (address.startsWith('fe80')) expect(addressKey(address)).toBe('fe80:0:0:0::/64');
      else expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is no address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('')).toBe('');
  });
});

describe('shownAddress', () => {
  // With HOST=:: an IPv4 client arrived as ::ffff:127.0.0.1 in the audit log and the sessions list (an outside probe).
  it('writes an IPv4 client as IPv4 whatever the listening socket, and leaves the rest as they are', () => {
    expect(shownAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(shownAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(shownAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(shownAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(shownAddress('::ffff:999.0.0.1')).toBe('::ffff:999.0.0.1');
    expect(shownAddress(null)).toBeNull();
  });
});
