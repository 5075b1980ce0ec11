// Sessions (issue #9): an idle limit besides the absolute one, last use recorded at most once a minute, and a user's
// own sessions listed and ended (one, or all but this one). docs/security.md, "Sessions".
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_HEADER } from '../../schema/api';
import { SESSION_NOT_FOUND } from '../../schema/sessions';
import { sessionActivity } from '../../server/db/migrations/0008-session-activity';
import { hashPassword } from '../../server/passwords';
import { createUser } from '../../server/repositories/users';
import { createTestDb } from '../helpers/db';
import { AUTH_REQUIRED, USER, apiClient, csrf, setupApp, signIn, type TestApp } from './helpers';

const OTHER = { name: 'Omar Other', email: 'omar@cornerstone.test', password: 'another good password' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface SessionBody {
  id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

/** Signs in as `who` from an address with a browser name, as the console would; answers the token. */
async function signInFrom(app: FastifyInstance, who: { email: string; password: string }, remoteAddress: string, userAgent?: string): Promise<string> {
  const pair = csrf();
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    cookies: pair.cookies,
    headers: { ...pair.headers, ...(userAgent !== undefined && { 'user-agent': userAgent }) },
    payload: { email: who.email, password: who.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

const me = (app: FastifyInstance, token: string) => app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const sessions = async (app: FastifyInstance, token: string) => {
  const response = await apiClient(app, token).get('/api/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionBody[]>();
};

let clock = 0;
/** Fakes Date only (the database driver's timers keep running) and moves it forward. */
function startClock(iso = '2026-05-04T09:00:00.000Z') {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Date.parse(iso);
  vi.setSystemTime(clock);
}
function advance(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}
afterEach(() => {
  vi.useRealTimers();
});

describe('the idle limit (SESSION_IDLE_MINUTES)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp({ sessionIdleMinutes: 60 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a token unused for longer than the limit, like an expired one, and deletes it', async () => {
    startClock();
    const token = await signIn(t.app);
    advance(60 * MINUTE + 1);
    const response = await me(t.app, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    // Gone from the table, not just refused.
    const left = await t.db.selectFrom('tokens').select('id').where('user_id', '=', t.userId).execute();
    expect(left).toEqual([]);
  });

  it('keeps a session that is used, past the idle limit in total, until its absolute limit', async () => {
    startClock();
    const token = await signIn(t.app);
    for (let i = 0; i < 5; i++) {
      advance(50 * MINUTE);
      expect((await me(t.app, token)).statusCode).toBe(200);
    }
    // 250 minutes in, used every 50: still signed in. Then idle for 61 minutes: signed out.
    advance(61 * MINUTE);
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it("does not count the console's background polling (X-Background-Request: 1) as use", async () => {
    startClock();
    const token = await signIn(t.app);
    const poll = () => t.app.inject({ url: '/api/forms/unread', headers: { authorization: `Bearer ${token}`, [BACKGROUND_HEADER]: '1' } });
    for (let i = 0; i < 5; i++) {
      advance(10 * MINUTE);
      expect((await poll()).statusCode).toBe(200);
    }
    // 50 minutes of polling, no use: 11 more minutes and the limit (60) is reached, for the poll too.
    advance(11 * MINUTE);
    expect((await poll()).statusCode).toBe(401);
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('still ends a session at its absolute limit (TOKEN_TTL_HOURS), however often it is used', async () => {
    const short = await setupApp({ sessionIdleMinutes: 60, tokenTtlHours: 2 });
    try {
      startClock();
      const token = await signIn(short.app);
      advance(50 * MINUTE);
      expect((await me(short.app, token)).statusCode).toBe(200);
      advance(50 * MINUTE);
      expect((await me(short.app, token)).statusCode).toBe(200);
      // 150 minutes after sign-in, last used 50 minutes ago: past the absolute limit of 2 hours.
      advance(50 * MINUTE);
      expect((await me(short.app, token)).json()).toEqual(AUTH_REQUIRED);
    } finally {
      await short.close();
    }
  });

  it('does not list idle sessions among the active ones', async () => {
    startClock();
    const idle = await signInFrom(t.app, USER, '192.0.2.10');
    advance(30 * MINUTE);
    const fresh = await signInFrom(t.app, USER, '192.0.2.11');
    advance(31 * MINUTE);
    const listed = await sessions(t.app, fresh);
    expect(listed.map((session) => [session.ip, session.current])).toEqual([['192.0.2.11', true]]);
    expect((await me(t.app, idle)).statusCode).toBe(401);
  });

  it('is off with SESSION_IDLE_MINUTES=0', async () => {
    const off = await setupApp({ sessionIdleMinutes: 0 });
    try {
      startClock();
      const token = await signIn(off.app);
      advance(off.config.tokenTtlHours * HOUR - MINUTE);
      expect((await me(off.app, token)).statusCode).toBe(200);
      advance(2 * MINUTE);
      expect((await me(off.app, token)).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});

describe('last use is recorded at most once a minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const lastUsed = async (token: string) => (await sessions(t.app, token)).find((session) => session.current)!.last_used_at;

  it('is the sign-in time at first, unchanged by requests within the minute, then moved to the request', async () => {
    startClock('2026-05-04T09:00:00.000Z');
    const token = await signIn(t.app);
    expect(await lastUsed(token)).toBe('2026-05-04T09:00:00.000Z');
    advance(59_999);
    for (let i = 0; i < 20; i++) expect((await apiClient(t.app, token).get('/api/blogs')).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe('2026-05-04T09:00:00.000Z');
    advance(1);
    expect((await me(t.app, token)).statusCode).toBe(200);
    expect(await lastUsed(token)).toBe('2026-05-04T09:01:00.000Z');
  });

  it('writes once for a burst of requests, however many there are', async () => {
    startClock('2026-05-04T10:00:00.000Z');
    const token = await signIn(t.app);
    advance(5 * MINUTE);
    // Calls through: only counts the writes.
    const updates = vi.spyOn(t.db, 'updateTable');
    try {
      for (let i = 0; i < 30; i++) expect((await apiClient(t.app, token).get('/api/blogs')).statusCode).toBe(200);
      expect(updates.mock.calls.map(([table]) => table)).toEqual(['tokens']);
    } finally {
      updates.mockRestore();
    }
    expect(await lastUsed(token)).toBe('2026-05-04T10:05:00.000Z');
  });
});

describe('your sessions: list, sign out one, sign out everywhere else', () => {
  let t: TestApp;
  let otherUserToken: string;
  beforeAll(async () => {
    t = await setupApp();
    await createUser(t.db, { name: OTHER.name, email: OTHER.email, passwordHash: await hashPassword(OTHER.password) });
    otherUserToken = await signInFrom(t.app, OTHER, '203.0.113.9', FIREFOX);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists only your own sessions, where each was signed in from, marks this one, and never shows a token', async () => {
    startClock('2026-05-04T09:00:00.000Z');
    const laptop = await signInFrom(t.app, USER, '192.0.2.1', FIREFOX);
    advance(MINUTE);
    const phone = await signInFrom(t.app, USER, '192.0.2.2', `${'x'.repeat(299)}yz`);
    advance(MINUTE);

    const fromLaptop = await apiClient(t.app, laptop).get('/api/sessions');
    expect(fromLaptop.statusCode).toBe(200);
    expect(fromLaptop.headers['cache-control']).toBe('no-store');
    // The laptop has just been used (now); the phone a minute ago: the most recently used first.
    expect(fromLaptop.json()).toEqual([
      {
        id: expect.any(Number),
        created_at: '2026-05-04T09:00:00.000Z',
        last_used_at: '2026-05-04T09:02:00.000Z',
        expires_at: new Date(Date.parse('2026-05-04T09:00:00.000Z') + t.config.tokenTtlHours * HOUR).toISOString(),
        ip: '192.0.2.1',
        user_agent: FIREFOX,
        current: true,
      },
      {
        id: expect.any(Number),
        created_at: '2026-05-04T09:01:00.000Z',
        last_used_at: '2026-05-04T09:01:00.000Z',
        expires_at: new Date(Date.parse('2026-05-04T09:01:00.000Z') + t.config.tokenTtlHours * HOUR).toISOString(),
        ip: '192.0.2.2',
        // Cut to 300 characters.
        user_agent: `${'x'.repeat(299)}y`,
        current: false,
      },
    ]);
    expect(fromLaptop.body).not.toContain(laptop);
    expect(fromLaptop.body).not.toContain(phone);
    expect(fromLaptop.body).not.toContain('hash');

    // From the phone, the phone is the current one.
    const fromPhone = await sessions(t.app, phone);
    expect(fromPhone.map((session) => [session.ip, session.current])).toEqual([
      ['192.0.2.2', true],
      ['192.0.2.1', false],
    ]);
    // The other user sees only theirs.
    expect((await sessions(t.app, otherUserToken)).map((session) => [session.ip, session.user_agent, session.current])).toEqual([
      ['203.0.113.9', FIREFOX, true],
    ]);
    await apiClient(t.app, laptop).post('/api/sessions/sign-out-others');
    await apiClient(t.app, laptop).post('/api/logout');
  });

  it('signs out one of your other sessions; its token then answers 401', async () => {
    const here = await signInFrom(t.app, USER, '192.0.2.1');
    const there = await signInFrom(t.app, USER, '192.0.2.2');
    const thereId = (await sessions(t.app, here)).find((session) => !session.current)!.id;

    const response = await apiClient(t.app, here).delete(`/api/sessions/${thereId}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await me(t.app, there)).json()).toEqual(AUTH_REQUIRED);
    expect((await me(t.app, here)).statusCode).toBe(200);
    expect((await sessions(t.app, here)).map((session) => session.ip)).toEqual(['192.0.2.1']);
    await apiClient(t.app, here).post('/api/logout');
  });

  it("answers 404 for someone else's session and leaves it alone", async () => {
    const here = await signInFrom(t.app, USER, '192.0.2.1');
    const theirs = (await sessions(t.app, otherUserToken))[0]!.id;
    const response = await apiClient(t.app, here).delete(`/api/sessions/${theirs}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SESSION_NOT_FOUND });
    expect((await me(t.app, otherUserToken)).statusCode).toBe(200);
    // An id nobody has is the same 404; one that is no id is a 400 that says so.
    expect((await apiClient(t.app, here).delete('/api/sessions/999999')).json()).toEqual({ message: SESSION_NOT_FOUND });
    const malformed = await apiClient(t.app, here).delete('/api/sessions/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/whole number/);
    await apiClient(t.app, here).post('/api/logout');
  });

  it('signs out everywhere else: this session stays, the others answer 401, and says how many ended', async () => {
    const here = await signInFrom(t.app, USER, '192.0.2.1');
    const others = [await signInFrom(t.app, USER, '192.0.2.2'), await signInFrom(t.app, USER, '192.0.2.3'), await signInFrom(t.app, USER, '192.0.2.4')];

    const response = await apiClient(t.app, here).post('/api/sessions/sign-out-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 3 });
    for (const token of others) expect((await me(t.app, token)).json()).toEqual(AUTH_REQUIRED);
    expect((await me(t.app, here)).statusCode).toBe(200);
    expect((await sessions(t.app, here)).map((session) => [session.ip, session.current])).toEqual([['192.0.2.1', true]]);
    // Another user's sessions are not touched.
    expect((await me(t.app, otherUserToken)).statusCode).toBe(200);
    // Again: nothing left to end.
    expect((await apiClient(t.app, here).post('/api/sessions/sign-out-others')).json()).toEqual({ ended: 0 });
    // The audit log has it as one sign-out, saying how many sessions ended (and the second, empty call adds none).
    const audit = await apiClient(t.app, here).get('/api/audit-log?filter={"action":"sign-out"}&sort=["at","DESC"]&range=[0,0]');
    expect(audit.json()).toMatchObject([{ action: 'sign-out', user_name: USER.name, record_label: '3 other sessions, from Active sessions', ip: '127.0.0.1' }]);
    await apiClient(t.app, here).post('/api/logout');
  });

  it('needs the CSRF pair to end sessions, and a token to see them', async () => {
    const here = await signInFrom(t.app, USER, '192.0.2.1');
    const there = await signInFrom(t.app, USER, '192.0.2.2');
    const thereId = (await sessions(t.app, here)).find((session) => !session.current)!.id;
    const bearer = { authorization: `Bearer ${here}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/sessions/sign-out-others', headers: bearer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sessions/${thereId}`, headers: bearer })).statusCode).toBe(403);
    expect((await me(t.app, there)).statusCode).toBe(200);

    const anonymous = await apiClient(t.app).get('/api/sessions');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(AUTH_REQUIRED);
    expect((await apiClient(t.app).post('/api/sessions/sign-out-others')).statusCode).toBe(401);
    // Without a token, an address's parameters are not even read: 401, not 400 for an id that is none (an outside
    // probe, 2026-12-06), as every other admin route answers.
    for (const url of ['/api/sessions/abc', '/api/sessions/0', `/api/sessions/${thereId}`]) {
      const ending = await apiClient(t.app).delete(url);
      expect(ending.statusCode, url).toBe(401);
      expect(ending.json()).toEqual(AUTH_REQUIRED);
    }
    const signingOut = await apiClient(t.app).post('/api/logout', { unexpected: true });
    expect(signingOut.statusCode).toBe(401);
    expect((await me(t.app, there)).statusCode).toBe(200);
  });
});

describe('migration 0008', () => {
  it('gives the sessions signed in before it a last use equal to their sign-in, and no address or browser', async () => {
    const { db, destroy } = await createTestDb();
    try {
      await sessionActivity.down?.(db);
      const user = await createUser(db, { name: USER.name, email: USER.email, passwordHash: 'x' });
      await db
        .insertInto('tokens')
        .values({ user_id: user.id, token_hash: 'a'.repeat(64), expires_at: '2026-06-01T00:00:00.000Z', created_at: '2026-05-01T08:30:00.000Z' } as never)
        .execute();
      await sessionActivity.up(db);
      const rows = await db.selectFrom('tokens').select(['created_at', 'last_used_at', 'ip', 'user_agent']).execute();
      expect(rows).toEqual([{ created_at: '2026-05-01T08:30:00.000Z', last_used_at: '2026-05-01T08:30:00.000Z', ip: null, user_agent: null }]);
    } finally {
      await destroy();
    }
  });
});
