// The host a request names is checked before anything uses it: without PUBLIC_URL, the website's answers build their
// absolute file URLs from it (routes/public-content.ts), and a CDN may keep those answers; the CSRF check compares
// Origin with it (plugins/csrf.ts). A Host of `evil.example"><script>` was served, and its URLs carried it
// (docs/security.md, "The Host header").
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

export const INVALID_HOST_MESSAGE =
  'The Host header is not a valid host: it must be a host name, an IPv4 address or an IPv6 address in brackets, optionally followed by :port.';
export const INVALID_FORWARDED_HOST_MESSAGE =
  'The X-Forwarded-Host header is not a valid host: it must be a host name, an IPv4 address or an IPv6 address in brackets, optionally followed by :port.';
export const INVALID_FORWARDED_PROTO_MESSAGE = 'The X-Forwarded-Proto header must be http or https.';

// RFC 3986, section 3.2.2: an IP-literal (an IPv6 address in brackets; IPvFuture and zone identifiers are not taken),
// or a reg-name (which covers IPv4 addresses), then an optional port. The reg-name is held to RFC 3986's unreserved
// characters (letters, digits, `-`, `.`, `_`, `~`): its sub-delims (`'`, `(`, `)`, `;`, `,`, `=`…) and
// percent-encoding are valid there, but no DNS name has them, they are what leaves a quoted HTML attribute or a
// script, and `,` separates the entries of X-Forwarded-Host. No space, quote, angle bracket, slash or `@`.
const HOST = /^(?:\[([0-9A-Fa-f:.]{2,45})\]|[A-Za-z0-9._~-]{1,253})(?::(\d{1,5}))?$/;

/** Whether `value` is `host[:port]` as above, the port (when given) at most 65535. */
export function isValidHost(value: string): boolean {
  const match = HOST.exec(value);
  if (!match) return false;
  const [, ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return port === undefined || Number(port) <= 65_535;
}

/**
 * Why the request's host cannot be used, or undefined. The Host header when it has one (HTTP/1.0 may not; one
 * missing from HTTP/1.1 is refused before this); and, when TRUST_PROXY trusts the peer, the X-Forwarded-Host and
 * X-Forwarded-Proto that Fastify then takes for `request.host` and `request.protocol` (their last entries), since a
 * proxy that does not set them passes on the client's own.
 */
export function hostProblem(request: FastifyRequest): string | undefined {
  const header = request.raw.headers.host;
  if (header !== undefined && !isValidHost(header)) return INVALID_HOST_MESSAGE;
  // Differs from the Host header only when taken from a trusted X-Forwarded-Host.
  const used = request.host;
  if (used !== (header ?? '') && !isValidHost(used)) return INVALID_FORWARDED_HOST_MESSAGE;
  // Without a trusted proxy it is the socket's: http or https.
  const protocol: string | undefined = request.protocol;
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') return INVALID_FORWARDED_PROTO_MESSAGE;
  return undefined;
}
