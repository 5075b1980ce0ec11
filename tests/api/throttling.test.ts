// Issue #9 items 1-2: the client's address is what TRUST_PROXY lets Fastify read, so a client rotating
// X-Forwarded-For escapes no per-address limit; failed sign-ins are counted per account and per address in the
// database, with growing delays and a lock, shared by every instance on the database and kept across restarts.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import type { SignInThrottleConfig } from '../../server/config';
import { createDb, dialectOf } from '../../server/db';
import type { Database } from '../../server/db/types';
import { accountLocks, clearAllAccountFailures, recordSignInFailure, throttleWait } from '../../server/repositories/sign-in-attempts';
import { hashPassword } from '../../server/passwords';
import { csrf, setupApp, USER, type TestApp } from './helpers';

const INVALID = { message: 'Invalid email or password.' };
const MINUTE = 60_000;
const OFF = { delayAfter: 0, lockAfter: 0 };

/** A throttle with only what a test names switched on. */
function throttle(overrides: Partial<SignInThrottleConfig>): SignInThrottleConfig {
  return { windowMs: 15 * MINUTE, lockMs: 15 * MINUTE, maxDelayMs: 60_000, account: OFF, address: OFF, ...overrides };
}

interface From {
  /** The connection's peer: the client, or the proxy in front of it. */
  remoteAddress?: string;
  forwardedFor?: string;
}

async function signIn(app: FastifyInstance, email: string, password: string, from: From = {}) {
  const pair = csrf();
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from.remoteAddress ?? '192.0.2.1',
    cookies: pair.cookies,
    headers: { ...pair.headers, ...(from.forwardedFor !== undefined && { 'x-forwarded-for': from.forwardedFor }) },
    payload: { email, password },
  });
  const retryAfter = response.headers['retry-after'];
  return { status: response.statusCode, body: response.json<Record<string, unknown>>(), retryAfter: retryAfter === undefined ? undefined : Number(retryAfter) };
}

const refused = (seconds: number, words: string) => ({
  status: 429,
  body: { message: `Too many failed sign-in attempts. Please try again in ${words}.` },
  retryAfter: seconds,
});
const wrong = { status: 401, body: INVALID, retryAfter: undefined };

/** Addresses a client invents for its X-Forwarded-For, a new one each time. */
const spoofed = (i: number) => `10.${i}.${(i * 7) % 250}.${(i * 13) % 250}`;

async function rowsFor(db: Kysely<Database>) {
  return db.selectFrom('sign_in_attempts').select(['account', 'address']).orderBy('id').execute();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the address limits key on the address the server can trust (TRUST_PROXY)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('without TRUST_PROXY, a rotating X-Forwarded-For is ignored: the per-address limit holds', async () => {
    t = await setupApp({ trustProxy: false, signInThrottle: throttle({ address: { delayAfter: 0, lockAfter: 3 } }) });
    // Different accounts, so only the address is counted against.
    for (let i = 0; i < 3; i++) {
      expect(await signIn(t.app, `victim${i}@example.test`, 'guess-guess', { remoteAddress: '203.0.113.5', forwardedFor: spoofed(i) })).toEqual(wrong);
    }
    const blocked = await signIn(t.app, USER.email, USER.password, { remoteAddress: '203.0.113.5', forwardedFor: spoofed(99) });
    expect(blocked).toEqual(refused(900, '15 minutes'));
    expect((await rowsFor(t.db)).map((row) => row.address)).toEqual(['203.0.113.5', '203.0.113.5', '203.0.113.5']);
    // Another client is not affected.
    expect((await signIn(t.app, USER.email, USER.password, { remoteAddress: '203.0.113.6' })).status).toBe(200);
  });

  it('an IPv6 client counts by its /64: rotating addresses inside it escapes neither limit', async () => {
    t = await setupApp({ trustProxy: false, loginRateLimit: 5, signInThrottle: throttle({ address: { delayAfter: 0, lockAfter: 3 } }) });
    const inPrefix = (i: number) => ({ remoteAddress: `2001:db8:5:6:${i.toString(16)}::${i + 1}` });
    for (let i = 0; i < 3; i++) expect(await signIn(t.app, `victim${i}@example.test`, 'guess-guess', inPrefix(i))).toEqual(wrong);
    expect(await signIn(t.app, USER.email, USER.password, inPrefix(7))).toEqual(refused(900, '15 minutes'));
    expect((await rowsFor(t.db)).map((row) => row.address)).toEqual(['2001:db8:5:6::/64', '2001:db8:5:6::/64', '2001:db8:5:6::/64']);
    // LOGIN_RATE_LIMIT (5 a minute) has counted the four, wherever in the /64 they came from.
    expect((await signIn(t.app, USER.email, USER.password, inPrefix(8))).status).toBe(429);
    expect((await signIn(t.app, USER.email, USER.password, inPrefix(9))).body).toEqual({ message: 'Too many sign-in attempts. Please wait a minute and try again.' });
    // The next /64 is another client.
    expect((await signIn(t.app, USER.email, USER.password, { remoteAddress: '2001:db8:5:7::1' })).status).toBe(200);
  });

  it('without TRUST_PROXY, a rotating X-Forwarded-For does not escape LOGIN_RATE_LIMIT either', async () => {
    t = await setupApp({ trustProxy: false, loginRateLimit: 3 });
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t.app, USER.email, 'guess-guess', { remoteAddress: '203.0.113.5', forwardedFor: spoofed(i) })).status).toBe(401);
    }
    const blocked = await signIn(t.app, USER.email, USER.password, { remoteAddress: '203.0.113.5', forwardedFor: spoofed(3) });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many sign-in attempts. Please wait a minute and try again.' });
  });

  it('with TRUST_PROXY=1, the address is the one the proxy appended; rotating the left-most does not escape', async () => {
    t = await setupApp({ trustProxy: 1, signInThrottle: throttle({ address: { delayAfter: 0, lockAfter: 3 } }) });
    const viaProxy = (i: number, client: string) => ({ remoteAddress: '127.0.0.1', forwardedFor: `${spoofed(i)}, ${client}` });
    for (let i = 0; i < 3; i++) {
      expect(await signIn(t.app, `victim${i}@example.test`, 'guess-guess', viaProxy(i, '198.51.100.7'))).toEqual(wrong);
    }
    expect(await signIn(t.app, USER.email, USER.password, viaProxy(3, '198.51.100.7'))).toEqual(refused(900, '15 minutes'));
    expect(await signIn(t.app, USER.email, USER.password, { remoteAddress: '127.0.0.1', forwardedFor: '198.51.100.7' })).toEqual(
      refused(900, '15 minutes'),
    );
    expect((await rowsFor(t.db)).map((row) => row.address)).toEqual(['198.51.100.7', '198.51.100.7', '198.51.100.7']);
    // Another client behind the same proxy is another address.
    expect((await signIn(t.app, USER.email, USER.password, viaProxy(4, '198.51.100.8'))).status).toBe(200);
  });

  it('with TRUST_PROXY naming the proxy, only that proxy is believed', async () => {
    t = await setupApp({ trustProxy: ['127.0.0.1'], signInThrottle: throttle({ address: { delayAfter: 0, lockAfter: 2 } }) });
    await signIn(t.app, 'a@example.test', 'guess-guess', { remoteAddress: '127.0.0.1', forwardedFor: `${spoofed(1)}, 198.51.100.7` });
    // Not from the proxy: its header is the client's own and is ignored.
    await signIn(t.app, 'b@example.test', 'guess-guess', { remoteAddress: '203.0.113.5', forwardedFor: '198.51.100.7' });
    await signIn(t.app, 'c@example.test', 'guess-guess', { remoteAddress: '203.0.113.5', forwardedFor: '198.51.100.9' });
    expect((await rowsFor(t.db)).map((row) => row.address)).toEqual(['198.51.100.7', '203.0.113.5', '203.0.113.5']);
    expect((await signIn(t.app, USER.email, USER.password, { remoteAddress: '203.0.113.5', forwardedFor: spoofed(5) })).status).toBe(429);
    expect((await signIn(t.app, USER.email, USER.password, { remoteAddress: '127.0.0.1', forwardedFor: '198.51.100.7' })).status).toBe(200);
  });
});

describe('per account: growing delays, then a lock, from any address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp({ signInThrottle: throttle({ account: { delayAfter: 3, lockAfter: 6 } }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('waits 1 s, 2 s, 4 s, locks for 15 minutes (refusing the right password), then signs in and starts afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.parse('2026-05-04T09:00:00.000Z');
    const at = (ms: number) => {
      now += ms;
      vi.setSystemTime(now);
    };
    at(0);
    // Each attempt from another address: the account is what is counted.
    let address = 0;
    const from = () => ({ remoteAddress: `198.51.100.${++address}` });

    for (let i = 0; i < 3; i++) expect(await signIn(t.app, USER.email, 'guess-guess', from())).toEqual(wrong);
    expect(await signIn(t.app, USER.email, USER.password, from())).toEqual(refused(1, '1 second'));
    at(1000);
    expect(await signIn(t.app, USER.email, 'guess-guess', from())).toEqual(wrong);
    expect(await signIn(t.app, USER.email, USER.password, from())).toEqual(refused(2, '2 seconds'));
    at(1000);
    expect(await signIn(t.app, USER.email, USER.password, from())).toEqual(refused(1, '1 second'));
    at(1000);
    expect(await signIn(t.app, USER.email, 'guess-guess', from())).toEqual(wrong);
    expect(await signIn(t.app, USER.email, USER.password, from())).toEqual(refused(4, '4 seconds'));
    at(4000);
    // The sixth failure locks the account.
    expect(await signIn(t.app, USER.email, 'guess-guess', from())).toEqual(wrong);
    expect(await signIn(t.app, USER.email, USER.password, from())).toEqual(refused(900, '15 minutes'));
    // Upper case and spaces are the same account.
    expect(await signIn(t.app, `  ${USER.email.toUpperCase()}`, USER.password, from())).toEqual(refused(900, '15 minutes'));
    at(15 * MINUTE - 1000);
    expect(await signIn(t.app, USER.email, USER.password, from())).toEqual(refused(1, '1 second'));
    // Refused attempts are not failures: the lock did not grow.
    expect(await rowsFor(t.db)).toHaveLength(6);

    at(1000);
    expect((await signIn(t.app, USER.email, USER.password, from())).status).toBe(200);
    // A success clears the account's failures: three more wrong ones before the next delay.
    expect(await rowsFor(t.db)).toEqual([]);
    for (let i = 0; i < 3; i++) expect(await signIn(t.app, USER.email, 'guess-guess', from())).toEqual(wrong);
    expect((await signIn(t.app, USER.email, USER.password, from())).status).toBe(429);
  });
});

describe('a browser that signed in to the account before counts its own failures (a known device)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp({ signInThrottle: throttle({ account: { delayAfter: 0, lockAfter: 3 } }) });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A sign-in from `address`, with this browser's device cookie if it has one; answers the status and the new cookie. */
  async function fromBrowser(email: string, password: string, address: string, device?: string) {
    const pair = csrf();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      cookies: { ...pair.cookies, ...(device !== undefined && { cornerstone_device: device }) },
      headers: pair.headers,
      payload: { email, password },
    });
    const cookie = response.cookies.find((c) => c.name === 'cornerstone_device');
    return { status: response.statusCode, cookie };
  }

  it("keeps the owner's browser in while a stranger's failures lock the account for everyone else", async () => {
    const owner = await fromBrowser(USER.email, USER.password, '198.51.100.10');
    expect(owner.status).toBe(200);
    expect(owner.cookie).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict', maxAge: 180 * 24 * 3600 });
    const device = owner.cookie!.value;

    // A stranger who knows the email fails on purpose, from one address of its own.
    for (let i = 0; i < 3; i++) expect((await fromBrowser(USER.email, 'guess-guess', '203.0.113.66')).status).toBe(401);
    // The account is locked: a browser that never signed in is refused even the right password…
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.11')).status).toBe(429);
    // …as is one showing a cookie it made up, or one made for another account.
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.12', `${'A'.repeat(43)}.${device.split('.')[1]}`)).status).toBe(429);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.12', `${device}x`)).status).toBe(429);
    // The owner's browser signs in, from another address too, and keeps its cookie.
    const again = await fromBrowser(USER.email, USER.password, '198.51.100.13', device);
    expect(again.status).toBe(200);
    expect(again.cookie?.value).toBe(device);
    // Its sign-in leaves the stranger's failures counted: the account stays locked for every other browser.
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.11')).status).toBe(429);
    await clearAllAccountFailures(t.db, USER.email);
  });

  it("locks a known device by its own failures, and a new password makes every earlier device's cookie worthless", async () => {
    const device = (await fromBrowser(USER.email, USER.password, '198.51.100.20')).cookie!.value;
    for (let i = 0; i < 3; i++) expect((await fromBrowser(USER.email, 'guess-guess', '198.51.100.20', device)).status).toBe(401);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.20', device)).status).toBe(429);
    // Its failures were its own: the account is not locked for the others.
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.21')).status).toBe(200);
    const deviceName = device.split('.')[0];
    expect((await rowsFor(t.db)).map((row) => row.account)).toEqual(Array(3).fill(`${USER.email} device ${deviceName}`));

    const old = (await fromBrowser(USER.email, USER.password, '198.51.100.22')).cookie!.value;
    await t.db.updateTable('users').set({ password_hash: await hashPassword('a brand new password') }).where('id', '=', t.userId).execute();
    for (let i = 0; i < 3; i++) expect((await fromBrowser(USER.email, 'guess-guess', '203.0.113.67')).status).toBe(401);
    expect((await fromBrowser(USER.email, 'a brand new password', '198.51.100.22', old)).status).toBe(429);
    await clearAllAccountFailures(t.db, USER.email);
    await t.db.updateTable('users').set({ password_hash: await hashPassword(USER.password) }).where('id', '=', t.userId).execute();
  });

  it("shows a known browser's own lock as the account's, and an administrator's unlock lifts it", async () => {
    const device = (await fromBrowser(USER.email, USER.password, '198.51.100.30')).cookie!.value;
    for (let i = 0; i < 3; i++) expect((await fromBrowser(USER.email, 'typo-typo', '198.51.100.30', device)).status).toBe(401);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.30', device)).status).toBe(429);
    // Locked by the owner's own typos in their usual browser: the users list says so (it said nothing)…
    const locks = await accountLocks(t.db, t.config.signInThrottle, [USER.email], new Date());
    expect(locks.get(USER.email)).toBeDefined();
    // …and the unlock takes that browser's failures too (its browser stayed refused for 15 minutes after it).
    await clearAllAccountFailures(t.db, USER.email);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.30', device)).status).toBe(200);
    expect(await rowsFor(t.db)).toEqual([]);
  });

  it("leaves a stranger's failures counted when the owner signs in from a known browser", async () => {
    const device = (await fromBrowser(USER.email, USER.password, '198.51.100.40')).cookie!.value;
    for (let i = 0; i < 2; i++) expect((await fromBrowser(USER.email, 'guess-guess', '203.0.113.68')).status).toBe(401);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.40', device)).status).toBe(200);
    // Two failures still counted: one more locks the account for the stranger (the owner's sign-in gave back no tries).
    expect((await fromBrowser(USER.email, 'guess-guess', '203.0.113.68')).status).toBe(401);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.41')).status).toBe(429);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.40', device)).status).toBe(200);
    await clearAllAccountFailures(t.db, USER.email);
  });

  // A stranger's lock kept the signed-in owner from every action that asks for their password (429 for as long as
  // the stranger kept it up), and the owner's right password gave the stranger ten new tries (an outside probe).
  it("a stranger's lock does not stop the signed-in owner confirming their own password, nor is it cleared by it", async () => {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '198.51.100.60', ...withCsrf(), payload: { email: USER.email, password: USER.password } });
    const authorization = `Bearer ${signedIn.json<{ access_token: string }>().access_token}`;
    const addUser = (ownPassword: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users-management',
        remoteAddress: '198.51.100.60',
        ...withCsrf({ authorization }),
        payload: { name: 'Second admin', email, password: 'second admin password', current_password: ownPassword },
      });
    for (let i = 0; i < 3; i++) expect((await fromBrowser(USER.email, 'guess-guess', '203.0.113.70')).status).toBe(401);
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.61')).status).toBe(429);

    const added = await addUser(USER.password, 'second@example.com');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Second admin', email: 'second@example.com', active: true });
    // The stranger's failures still lock the account for every browser that never signed in.
    expect((await fromBrowser(USER.email, USER.password, '198.51.100.61')).status).toBe(429);

    // The session's own wrong guesses count for it alone: it waits and locks, the account's count is not added to.
    for (let i = 0; i < 3; i++) expect((await addUser('wrong own password', `guess${i}@example.com`)).statusCode).toBe(400);
    const locked = await addUser(USER.password, 'third@example.com');
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.json<{ errors: Record<string, string> }>().errors.current_password).toMatch(/^Too many failed sign-in attempts\. Please try again in /);
    expect((await rowsFor(t.db)).filter((row) => row.address === '203.0.113.70').length).toBe(3);
    // Shown as the account's lock, and lifted with the rest by an unlock.
    expect((await accountLocks(t.db, t.config.signInThrottle, [USER.email], new Date())).get(USER.email)).toBeDefined();
    await clearAllAccountFailures(t.db, USER.email);
    expect((await addUser(USER.password, 'third@example.com')).statusCode).toBe(201);
    await t.db.deleteFrom('users').where('email', 'in', ['second@example.com', 'third@example.com']).execute();
  });

  it('writes an IPv4 client that reached an IPv6 socket as IPv4 in the sessions and the audit log', async () => {
    expect((await fromBrowser(USER.email, USER.password, '::ffff:198.51.100.77')).status).toBe(200);
    const session = await t.db.selectFrom('tokens').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const entry = await t.db.selectFrom('audit_log').select(['action', 'ip']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([session.ip, entry]).toEqual(['198.51.100.77', { action: 'sign-in', ip: '198.51.100.77' }]);
  });

  it('gives the browser where you changed your own password a cookie for the new one', async () => {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '198.51.100.50', ...withCsrf(), payload: { email: USER.email, password: USER.password } });
    const token = signedIn.json<{ access_token: string }>().access_token;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users-management/${t.userId}`,
      remoteAddress: '198.51.100.50',
      ...withCsrf({ authorization: `Bearer ${token}` }),
      payload: { password: 'my new long password', current_password: USER.password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const device = changed.cookies.find((c) => c.name === 'cornerstone_device');
    expect(device).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    for (let i = 0; i < 3; i++) expect((await fromBrowser(USER.email, 'guess-guess', '203.0.113.69')).status).toBe(401);
    expect((await fromBrowser(USER.email, 'my new long password', '198.51.100.51')).status).toBe(429);
    expect((await fromBrowser(USER.email, 'my new long password', '198.51.100.50', device!.value)).status).toBe(200);
  });
});

/** The CSRF pair (and other headers) an inject needs for a write. */
function withCsrf(headers: Record<string, string> = {}) {
  const pair = csrf();
  return { cookies: pair.cookies, headers: { ...pair.headers, ...headers } };
}

// A stranger failing at the sign-in page from the admin's own address (an office's, a proxy's) until the address
// waited made the admin's right own password answer 429: they could not unlock the account under attack, nor add an
// administrator (an outside probe). The session's own guesses are counted for it, and still for the address.
describe("the address's failures do not stop a signed-in session confirming its own password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp({ signInThrottle: throttle({ account: { delayAfter: 0, lockAfter: 3 }, address: { delayAfter: 0, lockAfter: 4 } }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('unlocks an account and adds an administrator with the right password while the address is locked; its own guesses still lock it', async () => {
    const office = '198.51.100.90';
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: office, ...withCsrf(), payload: { email: USER.email, password: USER.password } });
    const authorization = `Bearer ${signedIn.json<{ access_token: string }>().access_token}`;
    const asOwner = (method: 'POST', url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, remoteAddress: office, ...withCsrf({ authorization }), payload });
    const added = await asOwner('POST', '/api/users-management', { name: 'Site editor', email: 'editor@example.com', password: 'editor password', current_password: USER.password });
    expect(added.statusCode, added.body).toBe(201);
    const editorId = added.json<{ id: number }>().id;

    // The stranger, behind the same address, locks the editor's account and the address.
    for (let i = 0; i < 3; i++) expect((await signIn(t.app, 'editor@example.com', 'guess-guess', { remoteAddress: office })).status).toBe(401);
    expect((await signIn(t.app, 'another@example.com', 'guess-guess', { remoteAddress: office })).status).toBe(401);
    expect(await signIn(t.app, 'editor@example.com', 'editor password', { remoteAddress: office })).toMatchObject({ status: 429 });
    expect(await signIn(t.app, 'someone-else@example.com', 'anything at all', { remoteAddress: office })).toMatchObject({ status: 429 });

    const unlocked = await asOwner('POST', `/api/users-management/${editorId}/unlock`, { current_password: USER.password });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await signIn(t.app, 'editor@example.com', 'editor password', { remoteAddress: '203.0.113.91' })).status).toBe(200);
    const second = await asOwner('POST', '/api/users-management', { name: 'Second admin', email: 'second@example.com', password: 'second admin password', current_password: USER.password });
    expect(second.statusCode, second.body).toBe(201);

    // Three wrong guesses of the session lock the session, and are counted for the address as sign-ins are.
    const before = (await rowsFor(t.db)).filter((row) => row.address === office).length;
    for (let i = 0; i < 3; i++) {
      const guess = await asOwner('POST', '/api/users-management', { name: 'Guess', email: `guess${i}@example.com`, password: 'guess password', current_password: 'wrong own password' });
      expect(guess.statusCode, guess.body).toBe(400);
    }
    const locked = await asOwner('POST', '/api/users-management', { name: 'Third', email: 'third@example.com', password: 'third password', current_password: USER.password });
    expect(locked.statusCode, locked.body).toBe(429);
    expect((await rowsFor(t.db)).filter((row) => row.address === office).length).toBe(before + 3);
    expect((await t.db.selectFrom('users').select('email').orderBy('id').execute()).map((user) => user.email)).toEqual([USER.email, 'editor@example.com', 'second@example.com']);
  });
});

describe('an unknown account is throttled exactly like a known one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp({ signInThrottle: throttle({ account: { delayAfter: 2, lockAfter: 4 } }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the same answers, in the same order, with the same waits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-05-04T09:00:00.000Z'));
    const run = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await signIn(t.app, email, 'guess-guess', { remoteAddress: `198.51.100.${i}` }));
      return answers;
    };
    const known = await run(USER.email);
    const unknown = await run('nobody@cornerstone.test');
    expect(unknown).toEqual(known);
    expect(known).toEqual([wrong, wrong, refused(1, '1 second'), refused(1, '1 second'), refused(1, '1 second'), refused(1, '1 second')]);
    expect((await rowsFor(t.db)).map((row) => row.account)).toEqual([USER.email, USER.email, 'nobody@cornerstone.test', 'nobody@cornerstone.test']);
  });

  it('takes as long to refuse: an unknown email still pays for a password hash', async () => {
    const median = async (email: string) => {
      const times = [];
      for (let i = 0; i < 5; i++) {
        await t.db.deleteFrom('sign_in_attempts').execute();
        const start = performance.now();
        expect(await signIn(t.app, email, 'guess-guess')).toEqual(wrong);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const known = await median(USER.email);
    const unknown = await median('nobody@cornerstone.test');
    // scrypt dominates both; without the dummy hash an unknown email would answer in a fraction of the time.
    expect(unknown).toBeGreaterThan(known / 3);
  });
});

describe('the counters live in the database', () => {
  let t: TestApp;
  let otherDb: Kysely<Database> | undefined;
  let other: FastifyInstance;
  const policy = throttle({ account: { delayAfter: 0, lockAfter: 3 } });

  beforeAll(async () => {
    t = await setupApp({ signInThrottle: policy });
    // On PostgreSQL a second instance has its own connection pool on the same schema, as behind a load balancer.
    // SQLite allows one server per data directory (issue #9 item 4): there the second instance shares the handle.
    if (dialectOf(t.db) === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      otherDb = createDb({ postgres: { connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${rows[0]!.schema}` } });
    }
    other = await buildApp({ config: t.config, db: otherDb ?? t.db, logger: false });
  });
  afterAll(async () => {
    await other.close();
    await otherDb?.destroy();
    await t.close();
  });
  afterEach(async () => {
    await t.db.deleteFrom('sign_in_attempts').execute();
  });

  it('two instances share them: failures on either lock the account on both', async () => {
    expect(await signIn(t.app, USER.email, 'guess-guess', { remoteAddress: '198.51.100.1' })).toEqual(wrong);
    expect(await signIn(other, USER.email, 'guess-guess', { remoteAddress: '198.51.100.2' })).toEqual(wrong);
    expect(await signIn(t.app, USER.email, 'guess-guess', { remoteAddress: '198.51.100.3' })).toEqual(wrong);
    for (const app of [other, t.app]) {
      expect(await signIn(app, USER.email, USER.password, { remoteAddress: '198.51.100.4' })).toEqual(refused(900, '15 minutes'));
    }
  });

  it('a restarted instance still refuses a locked account', async () => {
    // The clock stands still: building an app on a busy machine took over a second, and the lock then had 899 s left.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-05-04T09:00:00.000Z'));
    try {
      for (let i = 0; i < 3; i++) await signIn(other, USER.email, 'guess-guess');
      const restarted = await buildApp({ config: t.config, db: otherDb ?? t.db, logger: false });
      try {
        expect(await signIn(restarted, USER.email, USER.password)).toEqual(refused(900, '15 minutes'));
      } finally {
        await restarted.close();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('attempts racing on both instances do not slip past the lock', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(i % 2 ? other : t.app, USER.email, 'guess-guess', { remoteAddress: `198.51.100.${i}` })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(await rowsFor(t.db)).toHaveLength(3);
  });

  it('prunes failures too old to count', async () => {
    const old = new Date(Date.now() - 2 * 24 * 60 * MINUTE);
    await recordSignInFailure(t.db, { account: 'someone@example.test', address: '198.51.100.50' }, old);
    await recordSignInFailure(t.db, { account: 'someone@example.test', address: '198.51.100.50' }, new Date());
    await signIn(other, 'nobody@example.test', 'guess-guess');
    expect(await rowsFor(t.db)).toEqual([
      { account: 'someone@example.test', address: '198.51.100.50' },
      { account: 'nobody@example.test', address: '192.0.2.1' },
    ]);
  });
});

describe('throttleWait', () => {
  const policy = throttle({ account: { delayAfter: 2, lockAfter: 4 } });
  const now = new Date('2026-05-04T09:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('counts the window back from the newest failure', () => {
    expect(throttleWait([], policy.account, policy, now)).toBe(0);
    expect(throttleWait([ago(0)], policy.account, policy, now)).toBe(0);
    expect(throttleWait([ago(0), ago(1000)], policy.account, policy, now)).toBe(1000);
    expect(throttleWait([ago(500), ago(1000), ago(2000)], policy.account, policy, now)).toBe(1500);
    expect(throttleWait([ago(0), ago(1), ago(2), ago(3)], policy.account, policy, now)).toBe(15 * MINUTE);
    // Older than the window behind the newest: not counted.
    expect(throttleWait([ago(0), ago(16 * MINUTE)], policy.account, policy, now)).toBe(0);
  });

  it('caps the delay, and switches a step off at 0', () => {
    const uncapped = { ...policy, maxDelayMs: 5000 };
    const many = Array.from({ length: 20 }, (_, i) => ago(i));
    expect(throttleWait(many, { delayAfter: 2, lockAfter: 0 }, uncapped, now)).toBe(5000);
    expect(throttleWait(many, OFF, uncapped, now)).toBe(0);
  });
});
