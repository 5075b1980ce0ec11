import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf, fakeConsoleBuild, findCookie, setupApp, signIn, storedImage, USER, type TestApp } from './helpers';

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
  it('is set by GET /api/csrf, readable by the console script, for the whole site', async () => {
    const response = await t.app.inject({ url: '/api/csrf' });
    expect(response.statusCode).toBe(204);
    const cookie = findCookie(response, 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    // An answer that sets a cookie is kept by no cache.
    expect(response.headers['cache-control']).toBe('no-store');
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

// A cached-forever image and the console's hashed files came with a fresh Set-Cookie: caches refuse to keep such an
// answer, and one that did would hand one token to every visitor (attacker probe). Set only where the console needs it.
describe('where the cookie is set', () => {
  let built: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeConsoleBuild();
    built = await setupApp({ staticDir: dist });
  });
  afterAll(async () => {
    await built.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const issued = (response: Awaited<ReturnType<TestApp['app']['inject']>>) => findCookie(response, 'XSRF-TOKEN')?.value;

  it("on the console's pages, sign-in and signed-in answers, where a fresh browser starts", async () => {
    for (const url of ['/', '/login', '/dashboard/blogs/12']) {
      const page = await built.app.inject({ url });
      expect([url, page.statusCode, String(page.headers['content-type'])]).toEqual([url, 200, expect.stringMatching(/^text\/html/)]);
      expect(issued(page), url).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const token = await signIn(built.app);
    const list = await built.app.inject({ url: '/api/blogs', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    expect(issued(list)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const login = await built.app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    expect(login.statusCode).toBe(403);
    expect(issued(login)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("never on an answer a cache may keep: the console's files, images, the website's API, a 304", async () => {
    const asset = await built.app.inject({ url: '/assets/index-abc123.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    const assetAgain = await built.app.inject({ url: '/assets/index-abc123.js', headers: { 'if-none-match': String(asset.headers.etag) } });
    expect(assetAgain.statusCode).toBe(304);
    const page = await built.app.inject({ url: '/' });
    const pageAgain = await built.app.inject({ url: '/', headers: { 'if-none-match': String(page.headers.etag) } });
    expect(pageAgain.statusCode).toBe(304);
    const src = await storedImage(built.db);
    const image = await built.app.inject({ url: src });
    expect([image.statusCode, image.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    const imageAgain = await built.app.inject({ url: src, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(imageAgain.statusCode).toBe(304);
    const missing = await built.app.inject({ url: `/api/uploads/${'0'.repeat(32)}` });
    expect(missing.statusCode).toBe(404);
    const website = await built.app.inject({ url: '/api/public/features' });
    const favicon = await built.app.inject({ url: '/favicon.svg' });
    const health = await built.app.inject({ url: '/api/health' });
    const unknown = await built.app.inject({ method: 'POST', url: '/api/nowhere' });
    // Sign-in's address asked with another method is no sign-in: a 404 like any other (an outside probe, 2026-12-06).
    const loginGet = await built.app.inject({ url: '/api/login' });
    const loginHead = await built.app.inject({ method: 'HEAD', url: '/api/login' });
    expect([loginGet.statusCode, loginHead.statusCode]).toEqual([404, 404]);
    for (const [name, response] of Object.entries({ asset, assetAgain, pageAgain, image, imageAgain, missing, website, favicon, health, unknown, loginGet, loginHead })) {
      expect([name, response.headers['set-cookie']]).toEqual([name, undefined]);
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
