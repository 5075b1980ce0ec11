import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf, findCookie, setupApp, USER, type TestApp } from './helpers';

const CSRF_REFUSED = { message: 'Invalid or missing CSRF token.' };

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

const credentials = { email: USER.email, password: USER.password };

describe('XSRF-TOKEN cookie', () => {
  it('is set on the first GET, readable by the console script, for the whole site', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const cookie = findCookie(response, 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
  });

  it('is handed out by GET /api/csrf with 204', async () => {
    const response = await t.app.inject({ url: '/api/csrf' });
    expect(response.statusCode).toBe(204);
    expect(findCookie(response, 'XSRF-TOKEN')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is not replaced while the request carries a valid one', async () => {
    const first = await t.app.inject({ url: '/api/csrf' });
    const value = findCookie(first, 'XSRF-TOKEN')!.value;
    const second = await t.app.inject({ url: '/api/csrf', cookies: { 'XSRF-TOKEN': value } });
    expect(findCookie(second, 'XSRF-TOKEN')).toBeUndefined();
  });

  it('is replaced when the one sent is not one we could have issued', async () => {
    const response = await t.app.inject({ url: '/api/csrf', cookies: { 'XSRF-TOKEN': 'forged' } });
    expect(findCookie(response, 'XSRF-TOKEN')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is Secure when COOKIE_SECURE is true', async () => {
    const secure = await setupApp({ cookieSecure: true });
    try {
      const response = await secure.app.inject({ url: '/api/csrf' });
      expect(findCookie(response, 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF check on state-changing /api requests', () => {
  it('accepts a request whose header matches the cookie the server issued', async () => {
    const issued = findCookie(await t.app.inject({ url: '/api/csrf' }), 'XSRF-TOKEN')!.value;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { 'XSRF-TOKEN': issued },
      headers: { 'x-xsrf-token': issued },
      payload: credentials,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a request without the header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: csrf().cookies,
      payload: credentials,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
  });

  it('refuses a header that differs from the cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: csrf().cookies,
      headers: csrf().headers,
      payload: credentials,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
  });

  it('refuses a header without any cookie, and sets a cookie to retry with', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: csrf().headers,
      payload: credentials,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
    expect(findCookie(response, 'XSRF-TOKEN')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is checked before authentication and before the route exists', async () => {
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(logout.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/anything' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(CSRF_REFUSED);
  });

  it('does not apply to GET requests', async () => {
    const response = await t.app.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
  });
});
