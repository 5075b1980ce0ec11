// What the per-address limits count by (sign-in throttling, LOGIN_RATE_LIMIT, PUBLIC_FORM_RATE_LIMIT, the forms' files
// share, the open connections cap). An IPv4 address is one client; an IPv6 client usually holds a whole /64 (2^64 addresses its
// machine may pick from at will), so IPv6 addresses count by their first 64 bits (an attacker's probe). The audit log
// and the sessions list keep the full address.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address as the audit log and the sessions list keep it: an IPv4 client reaching a server that listens on `::`
 * arrives as `::ffff:203.0.113.5`, and is written `203.0.113.5`, as the same client on `0.0.0.0` is (an outside probe
 * saw both spellings of one client).
 */
export function shownAddress(address: string): string;
export function shownAddress(address: string | null | undefined): string | null | undefined;
export function shownAddress(address: string | null | undefined): string | null | undefined {
  if (!address) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped && isIPv4(mapped[1]!) ? mapped[1]! : address;
}

/** The address as the per-address limits count it: IPv4 as it is, IPv6 by its /64 (`2001:db8:1:2::/64`). */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const plain = shownAddress(bare);
  if (plain !== bare) return plain;
  if (!isIPv6(bare)) return address;
  const groups = (part: string) => {
    if (part === '') return [];
    const items = part.split(':');
    const last = items.at(-1)!;
    // An IPv4 ending (64:ff9b::192.0.2.1) is two groups.
    if (last.includes('.')) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      items.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return items;
  };
  const [left = '', right] = bare.split('::');
  const head = groups(left);
  const tail = right === undefined ? [] : groups(right);
  const full = [...head, ...Array.from({ length: 8 - head.length - tail.length }, () => '0'), ...tail];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
