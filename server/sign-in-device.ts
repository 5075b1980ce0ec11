// A browser that has signed in to an account before ("a known device"), told by a cookie the sign-in sets: its own
// sign-ins are counted apart from the account's, so that a stranger who knows an administrator's email and fails on
// purpose (ten wrong passwords from one address every quarter of an hour: an outside probe) cannot keep the
// administrator out; on a one-administrator install nobody else could lift the lock. The account's lock still holds
// for every other browser, and a known device's own failures lock it as any account's do.
//
// The cookie holds a random name for the device and a signature of it with the account's password hash, which only
// the server knows: no cookie can be made for an account without its password, one for another account is worth
// nothing, and a new password (a reset after a theft) makes every earlier cookie worthless. HttpOnly, SameSite=Strict,
// sent to POST /api/login only.
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, RANDOM_TOKEN_PATTERN, safeEqual } from './secrets';

export const DEVICE_COOKIE = 'cornerstone_device';
const DEVICE_COOKIE_DAYS = 180;

const signatureOf = (account: string, passwordHash: string, device: string) =>
  createHmac('sha256', passwordHash).update(`sign-in device:${account}:${device}`).digest('base64url');

/** The device's name when the request carries a cookie this account's sign-in set, undefined otherwise. */
export function knownDevice(request: FastifyRequest, account: string, passwordHash: string | undefined): string | undefined {
  const cookie = (request.cookies as FastifyRequest['cookies'] | null)?.[DEVICE_COOKIE];
  if (passwordHash === undefined || cookie === undefined) return undefined;
  const [device = '', signature = ''] = cookie.split('.');
  if (!RANDOM_TOKEN_PATTERN.test(device)) return undefined;
  return safeEqual(signature, signatureOf(account, passwordHash, device)) ? device : undefined;
}

/** Marks this browser as one that signed in to the account: a new device, or the known one for 180 days more. */
export function rememberDevice(reply: FastifyReply, account: string, passwordHash: string, device: string | undefined, secure: boolean): void {
  const name = device ?? randomToken();
  reply.setCookie(DEVICE_COOKIE, `${name}.${signatureOf(account, passwordHash, name)}`, {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
