import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../server/repositories/tokens';
import { setUserActive } from '../../server/repositories/users';
import { randomToken, sha256 } from '../../server/secrets';
import { csrf, setupApp, signIn, USER, type TestApp } from './helpers';

const AUTH_REQUIRED = { message: 'Authentication required.' };

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

const me = (authorization?: string) =>
  t.app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });

function logout(token: string) {
  const pair = csrf();
  return t.app.inject({
    method: 'POST',
    url: '/api/logout',
    cookies: pair.cookies,
    headers: { ...pair.headers, authorization: `Bearer ${token}` },
  });
}

describe('GET /api/me', () => {
  it('returns the signed-in user', async () => {
    const token = await signIn(t.app);
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: t.userId, name: USER.name, email: USER.email });
  });

  it('accepts the scheme in any case', async () => {
    const token = await signIn(t.app);
    expect((await me(`bearer ${token}`)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it.each([
    ['an unknown token', `Bearer ${randomToken()}`],
    ['a malformed token', 'Bearer not-a-token'],
    ['another scheme', `Basic ${Buffer.from(`${USER.email}:${USER.password}`).toString('base64')}`],
  ])('answers 401 for %s', async (_label, header) => {
    const response = await me(header);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
  });

  it('answers 401 for an expired token', async () => {
    const token = randomToken();
    const now = new Date();
    await createToken(t.db, { userId: t.userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() - 1000) }, now);
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
  });

  it('answers 401 once the user is deactivated', async () => {
    const token = await signIn(t.app);
    await setUserActive(t.db, t.userId, false);
    try {
      const response = await me(`Bearer ${token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(AUTH_REQUIRED);
    } finally {
      await setUserActive(t.db, t.userId, true);
    }
  });
});

describe('POST /api/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const token = await signIn(t.app);
    const other = await signIn(t.app);

    const response = await logout(token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await me(`Bearer ${token}`);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(AUTH_REQUIRED);
    expect((await me(`Bearer ${other}`)).statusCode).toBe(200);
  });

  it('answers 401 for a token already revoked', async () => {
    const token = await signIn(t.app);
    expect((await logout(token)).statusCode).toBe(204);
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(AUTH_REQUIRED);
  });
});
