// Requests and headers (issue #9 items 9 and 10): rules on the route the router matched, not the raw URL; writes from
// other sites refused; no-store on every authenticated answer; HSTS only over TLS; the CSP; JSON bodies in UTF-8 only;
// one Host header. docs/security.md.
import type { InjectOptions } from 'fastify';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { COMPRESSED_FORM_MESSAGE, TUNNEL_REFUSED } from '../../server/app';
import { SIGN_IN_BODY_LIMIT } from '../../server/routes/auth';
import { PDF } from '../helpers/files';
import { csrf, multipart, rawExchange as rawExchangeWith, setupApp, signIn, type TestApp } from './helpers';

const CSRF_REFUSED = { message: 'Invalid or missing CSRF token.' };
const FOREIGN_REFUSED = {
  message: 'Refused: this request comes from a page on another site, and only pages of this server may change data here.',
};
const WEBSITE = 'https://www.example.com';
const HSTS = 'max-age=31536000; includeSubDomains';
const contact = { full_name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A quote', message: 'Hello there' };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await setupApp({ websiteOrigins: [WEBSITE], publicUrl: 'https://cms.example.com' });
  token = await signIn(t.app);
  // For what only a real socket can send (two Host headers, bytes as they are); inject() works all the same.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

/** TRUST_PROXY as the server reads it: an address, or a hop count. */
const behind = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
const bearer = () => ({ authorization: `Bearer ${token}` });

/** A write as the console sends it (bearer and CSRF pair), with extra headers. */
function write(method: 'POST' | 'PUT' | 'DELETE', url: string, payload: InjectOptions['payload'], headers: Record<string, string> = {}) {
  const pair = csrf();
  return t.app.inject({ method, url, payload, cookies: pair.cookies, headers: { ...pair.headers, ...bearer(), ...headers } });
}

async function recordCount(area: string) {
  const rows = await t.db.selectFrom('records').select('id').where('area', '=', area).execute();
  return rows.length;
}
const blogCount = () => recordCount('blogs');

const rawExchange = (head: string, body?: Buffer) => rawExchangeWith(t.app, head, body);

describe('the CSRF check runs on the route the router matched', () => {
  it.each(['/%61pi/blogs', '/%61%70%69/blogs', '/api/%62logs', '/%61pi/%62logs'])('POST %s without a token: 403, nothing created', async (url) => {
    const before = await blogCount();
    const response = await t.app.inject({ method: 'POST', url, headers: bearer(), payload: { title: 'Sneaked in' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REFUSED);
    expect(await blogCount()).toBe(before);
  });

  it('PUT and DELETE on an encoded path are refused the same way', async () => {
    const created = await write('POST', '/api/blogs', { title: 'Kept' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `/%61pi/blogs/${id}`, headers: bearer(), payload: { title: 'Changed' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(CSRF_REFUSED);
    }
    const kept = await t.app.inject({ url: `/api/blogs/${id}`, headers: bearer() });
    expect(kept.json()).toMatchObject({ id, title: 'Kept' });
  });

  it('an encoded path that matches no route is still an API path: 403 without a token, JSON 404 with one', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/%61pi/nothing-here', payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(CSRF_REFUSED);
    const missing = await write('POST', '/%61pi/nothing-here', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not Found' });
    const read = await t.app.inject({ url: '/%61pi/nothing-here' });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Not Found' });
  });

  it('the same write with the token on the plain path is accepted (the check is not simply refusing)', async () => {
    const response = await write('POST', '/api/blogs', { title: 'Through the front door' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Through the front door' });
  });

  it('CORS follows the matched route too: an encoded public path gets the website its header, an encoded admin path none', async () => {
    const publicRead = await t.app.inject({ url: '/%61pi/public/blogs', headers: { origin: WEBSITE } });
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.headers['access-control-allow-origin']).toBe(WEBSITE);
    const adminRead = await t.app.inject({ url: '/%61pi/blogs', headers: { origin: WEBSITE, ...bearer() } });
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('writes from another site are refused', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the website origin on the admin API', { origin: WEBSITE }],
    ['an Origin of null (sandboxed frame)', { origin: 'null' }],
    ['the right host over another port', { origin: 'http://localhost:81' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site with our own Origin', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' }],
  ])('%s: 403 with a clear message, nothing created, even with a valid CSRF pair and token', async (_name, headers) => {
    const before = await blogCount();
    const response = await write('POST', '/api/blogs', { title: 'From elsewhere' }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FOREIGN_REFUSED);
    expect(await blogCount()).toBe(before);
  });

  it('PUT, DELETE, sign-in and sign-out from a foreign Origin are refused', async () => {
    const created = await write('POST', '/api/blogs', { title: 'Target' });
    const { id } = created.json<{ id: number }>();
    const origin = { origin: 'https://evil.example' };
    for (const [method, url] of [['PUT', `/api/blogs/${id}`], ['DELETE', `/api/blogs/${id}`], ['POST', '/api/login'], ['POST', '/api/logout']] as const) {
      const response = await write(method, url, method === 'PUT' ? { title: 'Defaced' } : {}, origin);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(FOREIGN_REFUSED);
    }
    const kept = await t.app.inject({ url: `/api/blogs/${id}`, headers: bearer() });
    expect(kept.json()).toMatchObject({ title: 'Target' });
  });

  it.each([
    ['its own Host', { origin: 'http://localhost', host: 'localhost' }],
    ['its own Host and port', { origin: 'http://localhost:8080', host: 'localhost:8080' }],
    ['PUBLIC_URL', { origin: 'https://cms.example.com' }],
    ['an https page behind a proxy not declared in TRUST_PROXY', { origin: 'https://admin.example.org', host: 'admin.example.org' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost', host: 'localhost' }],
    ['no Origin at all (curl, scripts)', {}],
  ])('accepted from %s', async (_name, headers) => {
    const response = await write('POST', '/api/blogs', { title: 'From home' }, headers);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('an http page is not taken for our https origin', async () => {
    const secure = await setupApp({ trustProxy: behind('127.0.0.1') });
    try {
      const pair = csrf();
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        cookies: pair.cookies,
        headers: { ...pair.headers, host: 'admin.example.org', 'x-forwarded-proto': 'https', origin: 'http://admin.example.org' },
        payload: { email: 'nobody@example.com', password: 'whatever it is' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(FOREIGN_REFUSED);
    } finally {
      await secure.close();
    }
  });

  it('website form posts are still accepted from WEBSITE_ORIGINS (no CSRF pair, cross-site, CORS-governed)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact-us-form',
      payload: contact,
      headers: { origin: WEBSITE, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ received: true });
    expect(response.headers['access-control-allow-origin']).toBe(WEBSITE);
  });

  it('a website form posted from a page of any other origin is refused with the origin named, and nothing is stored', async () => {
    const stored = async () => (await t.db.selectFrom('records').select('id').where('area', '=', 'contact-us-form').execute()).length;
    const before = await stored();
    // A multipart or URL-encoded post needs no preflight: it reached the route and was stored, its page told only
    // "Failed to fetch" (an outside probe). JSON from such a page never gets past its preflight either.
    for (const origin of ['https://staging.example.net', 'http://www.example.com', 'null']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/public/contact-us-form',
        payload: new URLSearchParams(contact).toString(),
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      });
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json()).toEqual({
        message: `Refused: this form was sent from a page at ${origin}, which is not one of the website addresses this API takes forms from (WEBSITE_ORIGINS). Nothing was stored.`,
      });
    }
    expect(await stored()).toBe(before);
    // The website's server relaying a post (no Origin), and a page of this server itself, are taken.
    for (const headers of [{}, { origin: 'http://localhost', host: 'localhost' }]) {
      const taken = await t.app.inject({ method: 'POST', url: '/api/public/contact-us-form', payload: contact, headers });
      expect(taken.statusCode, taken.body).toBe(201);
    }
    expect(await stored()).toBe(before + 2);
  });

  it('a browser asking first (preflight) from another origin is told why, not 404; the website\'s own gets its CORS answer', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/public/contact-us-form',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const refused = await preflight('https://www.example.com.evil.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Refused: pages at https://www.example.com.evil.test may not call this API from a browser; add the origin to WEBSITE_ORIGINS to allow them.',
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await preflight(WEBSITE);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(WEBSITE);
  });
});

describe('Cache-Control: no-store on authenticated answers', () => {
  it.each([
    ['a list', '/api/blogs'],
    ['the signed-in user', '/api/me'],
    ['a singleton', '/api/hero'],
    ['the unread counts', '/api/forms/unread'],
    ['a list through an encoded path', '/%61pi/blogs'],
  ])('%s', async (_name, url) => {
    const response = await t.app.inject({ url, headers: bearer() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('writes, sign-out and refusals of a signed-in request', async () => {
    const created = await write('POST', '/api/blogs', { title: 'Stored nowhere' });
    expect(created.headers['cache-control']).toBe('no-store');
    const invalid = await write('POST', '/api/blogs', { status: 'archived' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ url: '/api/blogs/999999', headers: bearer() });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('a route that needs a user, asked without one (401)', async () => {
    const response = await t.app.inject({ url: '/api/blogs' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a document (a CV) asked for without a token (401): the download route needs a user only for documents', async () => {
    const form = await multipart({}, { file: new File([new Uint8Array(PDF)], 'cv.pdf', { type: 'application/pdf' }) });
    const uploaded = await write('POST', '/api/uploads', form.payload, { 'content-type': form.contentType });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await t.app.inject({ url: uploaded.json<{ src: string }>().src });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sign-in answers, accepted or refused', async () => {
    const pair = csrf();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      ...pair,
      payload: { email: 'dana@cornerstone.test', password: 'not the password' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      ...pair,
      payload: { email: 'dana@cornerstone.test', password: 'correct horse battery' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['cache-control']).toBe('no-store');
  });

  it('public website answers keep their caching, with or without an Authorization header', async () => {
    for (const headers of [{}, bearer()]) {
      const response = await t.app.inject({ url: '/api/public/blogs', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    }
    // Health is the state now, never a kept copy (its own no-store, not the one of signed-in answers).
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
  });
});

describe('Strict-Transport-Security only over TLS', () => {
  it('is absent over plain HTTP, even when the client claims https without a trusted proxy', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const response = await t.app.inject({ url: '/api/health', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    for (const trustProxy of ['127.0.0.1', '1']) {
      const proxied = await setupApp({ trustProxy: behind(trustProxy) });
      try {
        const https = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
        expect(https.headers['strict-transport-security'], String(trustProxy)).toBe(HSTS);
        const http = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
        expect(http.headers['strict-transport-security']).toBeUndefined();
        const publicRead = await proxied.app.inject({ url: '/api/public/blogs', headers: { 'x-forwarded-proto': 'https' } });
        expect(publicRead.headers['strict-transport-security']).toBe(HSTS);
      } finally {
        await proxied.close();
      }
    }
  });
});

describe('Content-Security-Policy', () => {
  it('allows only this origin for scripts, connections, frames and forms; no eval, no plugins', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'self'",
    });
  });
});

describe('JSON bodies are UTF-8 (RFC 8259), or refused before anything is stored', () => {
  const NOT_UTF8 = { message: 'The request body is not valid UTF-8.' };
  const charsetRefused = (charset: string) => ({ message: `JSON must be sent as UTF-8: the charset '${charset}' is not supported here.` });
  // "José" in Latin-1: é is the one byte E9, which is not UTF-8.
  const latin1Contact = Buffer.from(JSON.stringify({ ...contact, full_name: 'José' }), 'latin1');

  async function contactPost(payload: Buffer, headers: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: '/api/public/contact-us-form', payload, headers });
  }

  it.each(['iso-8859-1', 'latin1', 'windows-1252', 'utf-16', '"ISO-8859-1"'])('a website form labelled charset=%s: 415, nothing stored', async (charset) => {
    const before = await recordCount('contact-us-form');
    const response = await contactPost(latin1Contact, { 'content-type': `application/json; charset=${charset}` });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(charsetRefused(charset.replace(/"/g, '')));
    expect(await recordCount('contact-us-form')).toBe(before);
  });

  it('a website form whose bytes are not UTF-8, under plain application/json: 400, nothing stored', async () => {
    const before = await recordCount('contact-us-form');
    for (const payload of [latin1Contact, Buffer.from([0x7b, 0x22, 0xc3, 0x22, 0x3a, 0x31, 0x7d]), Buffer.from('{"full_name":"\xed\xa0\x80"}', 'latin1')]) {
      const response = await contactPost(payload, { 'content-type': 'application/json' });
      expect(response.statusCode, payload.toString('hex')).toBe(400);
      expect(response.json()).toEqual(NOT_UTF8);
    }
    expect(await recordCount('contact-us-form')).toBe(before);
  });

  it('an admin write in Latin-1: 415 when labelled so, 400 when not; the record keeps its text', async () => {
    const created = await write('POST', '/api/blogs', { title: 'Café', excerpt: 'café au lait' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const latin1 = Buffer.from(JSON.stringify({ excerpt: 'crème brûlée' }), 'latin1');
    const labelled = await write('PUT', `/api/blogs/${id}`, latin1, { 'content-type': 'application/json; charset=latin1' });
    expect(labelled.statusCode).toBe(415);
    expect(labelled.json()).toEqual(charsetRefused('latin1'));
    const unlabelled = await write('PUT', `/api/blogs/${id}`, latin1, { 'content-type': 'application/json' });
    expect(unlabelled.statusCode).toBe(400);
    expect(unlabelled.json()).toEqual(NOT_UTF8);
    const kept = await t.app.inject({ url: `/api/blogs/${id}`, headers: bearer() });
    expect(kept.json()).toMatchObject({ excerpt: 'café au lait', version: 1 });
  });

  it('no body under a JSON content type is no body (the header react-admin sets on a DELETE): the route says what it needs', async () => {
    const created = await write('POST', '/api/blogs', { title: 'Deleted with a header' });
    const { id } = created.json<{ id: number }>();
    const before = await blogCount();
    const deleted = await write('DELETE', `/api/blogs/${id}`, undefined, { 'content-type': 'application/json' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await blogCount()).toBe(before - 1);
    // Where a body is needed, the route asks for one; nothing is stored.
    for (const [method, url] of [['POST', '/api/blogs'], ['PUT', `/api/blogs/${id}`]] as const) {
      const empty = await write(method, url, undefined, { 'content-type': 'application/json' });
      expect(empty.statusCode, `${method} ${url}`).toBe(400);
      expect(empty.json()).toEqual({ message: 'The request body must be a JSON object.' });
    }
    const form = await contactPost(Buffer.alloc(0), { 'content-type': 'application/json' });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ message: 'The request body must be a JSON object.' });
    expect(await blogCount()).toBe(before - 1);
  });

  it('UTF-8, labelled so in any spelling or not at all, is taken as it is', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf8"']) {
      const created = await write('POST', '/api/blogs', Buffer.from(JSON.stringify({ title: `Zoë — ${type}` })), { 'content-type': type });
      expect(created.statusCode, `${type}: ${created.body}`).toBe(201);
      expect(created.json()).toMatchObject({ title: `Zoë — ${type}` });
    }
    // A byte order mark is ignored, as RFC 8259 allows.
    const withBom = await contactPost(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(contact))]), { 'content-type': 'application/json' });
    expect(withBom.statusCode, withBom.body).toBe(201);
  });

  it('a gzip-compressed body is read once inflated: UTF-8 taken, Latin-1 refused, past 1 MB inflated 413', async () => {
    const gzip = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const accepted = await write('POST', '/api/blogs', gzipSync(JSON.stringify({ title: 'Gzipped Zoë' })), gzip);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ title: 'Gzipped Zoë' });
    const before = await recordCount('contact-us-form');
    const latin1 = await contactPost(gzipSync(latin1Contact), gzip);
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toEqual(NOT_UTF8);
    // 2 MB of JSON that compresses to a few kilobytes: the limit counts what it inflates to.
    const bomb = await contactPost(gzipSync(JSON.stringify({ ...contact, message: ' '.repeat(2_000_000) })), gzip);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toEqual({ message: 'The request body is too large.' });
    expect(await recordCount('contact-us-form')).toBe(before);
  });

  // A megabyte of keys cost anyone's requests a third of a second of parsing (an outside probe): sign-in reads 16 KB.
  it('sign-in takes the longest password escaped, and refuses a bigger body 413 before parsing it', async () => {
    const password = 'é'.repeat(1024);
    const escaped = JSON.stringify({ email: 'nobody@example.com', password }).replace(/é/g, '\\u00e9');
    expect(escaped.length).toBeLessThan(SIGN_IN_BODY_LIMIT);
    const pair = csrf();
    const login = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload, cookies: pair.cookies, headers: { ...pair.headers, 'content-type': 'application/json' } });
    // Read and judged: a wrong password, not a refused body.
    expect((await login(escaped)).statusCode).toBe(401);
    const keys = JSON.stringify({ email: 'nobody@example.com', password: 'x', ...Object.fromEntries(Array.from({ length: 3000 }, (_, n) => [`k${n}`, 1])) });
    const refused = await login(keys);
    expect([refused.statusCode, refused.json()]).toEqual([413, { message: 'The request body is too large.' }]);
  });

  // @fastify/multipart reads the request's own stream, never the inflated one: a small form answered "malformed", and
  // one inflating to 20 MB got no answer until the socket closed (an outside probe).
  it('a compressed form with files is refused at once, 415, whatever it would inflate to; uncompressed it is taken', async () => {
    const before = await recordCount('contact-us-form');
    const form = await multipart({ ...contact, full_name: 'Ada Gzip' });
    for (const encoding of ['gzip', 'deflate', 'br', 'GZIP']) {
      const refused = await contactPost(gzipSync(form.payload), { 'content-type': form.contentType, 'content-encoding': encoding });
      expect(refused.statusCode, encoding).toBe(415);
      expect(refused.json()).toEqual({ message: COMPRESSED_FORM_MESSAGE });
    }
    // 20 MB of form that gzip packs into about 20 KB, over a real socket: the answer comes without the body being read.
    const boundary = 'XyZ';
    const huge = gzipSync(Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`), Buffer.alloc(20_000_000, 'a'), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const answer = await rawExchange(
      `POST /api/public/contact-us-form HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Encoding: gzip\r\nContent-Length: ${huge.length}\r\n\r\n`,
      huge,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer).toContain(JSON.stringify({ message: COMPRESSED_FORM_MESSAGE }));
    // Identity is no compression at all.
    const plain = await contactPost(form.payload, { 'content-type': form.contentType, 'content-encoding': 'identity' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await recordCount('contact-us-form')).toBe(before + 1);
  });

  it('over a real socket, the bytes as sent: Latin-1 is refused, not stored as U+FFFD', async () => {
    const before = await recordCount('contact-us-form');
    const answer = await rawExchange(
      `POST /api/public/contact-us-form HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${latin1Contact.length}\r\n\r\n`,
      latin1Contact,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(JSON.stringify(NOT_UTF8));
    expect(await recordCount('contact-us-form')).toBe(before);
  });
});

describe('one Host header (RFC 9112, section 3.2)', () => {
  it('two Host headers: 400 with a message, whether they agree or not', async () => {
    for (const hosts of [['localhost', 'evil.example'], ['localhost', 'localhost']]) {
      const answer = await rawExchange(`GET /api/health HTTP/1.1\r\n${hosts.map((host) => `Host: ${host}\r\n`).join('')}Connection: close\r\n\r\n`);
      expect(answer, hosts.join(', ')).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('{"message":"The request has more than one Host header; HTTP allows one."}');
    }
  });

  it('one Host header is served', async () => {
    const answer = await rawExchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

// Over a real socket: inject resolves dot segments before the router sees them, and never sends CONNECT.
describe('what no route serves, as a client sends it', () => {
  const get = (path: string) => rawExchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);

  it("a path of the API document page's files that names no file is an unknown address: a JSON 404, not 403", async () => {
    expect(await get('/api/docs/static/index.css')).toMatch(/^HTTP\/1\.1 200 /);
    for (const path of ['/api/docs/static//index.css', '/api/docs/static/./index.css', '/api/docs/static/../../package.json', `/api/docs/static/${'a'.repeat(300)}.css`]) {
      const answer = await get(path);
      expect(answer.slice(0, 30), path).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer.endsWith(JSON.stringify({ message: 'Not Found' })), path).toBe(true);
    }
  });

  it('CONNECT is answered 405, as JSON, and the connection closed', async () => {
    const answer = await rawExchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.endsWith(JSON.stringify({ message: TUNNEL_REFUSED }))).toBe(true);
  });
});
