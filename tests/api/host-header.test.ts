// The host a request names (its Host header, or a trusted proxy's X-Forwarded-Host) must be a host: without
// PUBLIC_URL it is written into the website's cacheable answers, which then say Vary: Host. And an If-Modified-Since
// later than now, or that is no HTTP date, is ignored (RFC 9110, section 13.1.3). docs/security.md, "The Host header".
// Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { INVALID_FORWARDED_HOST_MESSAGE, INVALID_FORWARDED_PROTO_MESSAGE, INVALID_HOST_MESSAGE } from '../../server/plugins/host-header';
import { apiClient, rawExchange as rawExchangeWith, setupApp, signIn, storedImage, type TestApp } from './helpers';

let t: TestApp;
let src: string;
beforeAll(async () => {
  t = await setupApp();
  const api = apiClient(t.app, await signIn(t.app));
  src = await storedImage(t.db);
  const saved = await api.put('/api/hero/1', { headline: 'We build', background_image: { src, title: 'A crane at dawn' } });
  expect(saved.statusCode, saved.body).toBe(200);
  // For what only a real socket sends as it is (inject() fills in a Host of its own).
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ method: 'GET', url, headers });
const behind = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
const varies = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

// The raw answer keeps every byte (latin1): a hostile Host may be echoed.
const rawExchange = (head: string) => rawExchangeWith(t.app, head, undefined, 'latin1');

const HOSTILE_HOSTS = [
  'evil.example"><script>',
  'a b',
  "evil.example'",
  'evil.example<',
  'evil.example/x',
  'evil.example\\x',
  'user@evil.example',
  'evil.example?x',
  'evil.example#x',
  'a,b.example',
  'evil%2eexample',
  'evil.example:',
  'evil.example:80x',
  'localhost:99999',
  'localhost:8080:1',
  '[::1',
  '[not-ipv6]:80',
  '[::1]x',
  '::1',
];

describe('the Host header', () => {
  it.each(HOSTILE_HOSTS)('Host %j: 400 with a message, on the website API and elsewhere', async (host) => {
    for (const url of ['/api/public/hero', '/api/public/blogs', '/api/health']) {
      const response = await get(url, { host });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_HOST_MESSAGE });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('as sent on the wire (the probe): 400, and an empty Host too', async () => {
    for (const host of ['evil.example"><script>', 'a b', '']) {
      const answer = await rawExchange(`GET /api/public/hero HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, host).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ message: INVALID_HOST_MESSAGE });
      expect(answer).not.toContain('evil.example');
    }
    const served = await rawExchange('GET /api/public/hero HTTP/1.1\r\nHost: cms.example.com:8081\r\nConnection: close\r\n\r\n');
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('HTTP/1.0 without a Host: the file URLs name the address the connection reached, never "http:///"', async () => {
    // HTTP/1.0 may leave Host out; its answer said 'http:///api/uploads/…', cacheable (an outside probe).
    const address = t.app.server.address() as { port: number };
    const answer = await rawExchange('GET /api/public/hero HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ background_image: { url: `http://127.0.0.1:${address.port}${src}` } });
    expect(answer).not.toContain('http:///');
  });

  it.each(['localhost', 'localhost:8081', '127.0.0.1:3000', '[::1]:8080', '[::1]', 'example.com', 'CMS.Example.COM.', 'my_service:80'])(
    'Host %s: served, its file URLs built from it, with Vary: Host',
    async (host) => {
      const response = await get('/api/public/hero', { host });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ background_image: { url: `http://${host}${src}` } });
      expect(varies(response.headers)).toContain('host');
      expect((await get('/api/health', { host })).statusCode).toBe(200);
    },
  );
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  let src: string;
  beforeAll(async () => {
    proxied = await setupApp({ trustProxy: behind('1') });
    const api = apiClient(proxied.app, await signIn(proxied.app));
    src = await storedImage(proxied.db);
    const saved = await api.put('/api/hero/1', { headline: 'We build', background_image: { src, title: 'A crane' } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('a hostile X-Forwarded-Host it passes on: 400; a host: used for the file URLs', async () => {
    for (const forwarded of ['evil.example"><script>', 'cms.example.com, a b', 'cms.example.com, ', 'user@evil.example']) {
      const response = await get('/api/public/hero', { 'x-forwarded-host': forwarded }, proxied.app);
      expect(response.statusCode, forwarded).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_FORWARDED_HOST_MESSAGE });
    }
    // Fastify takes the last entry, the one the nearest proxy wrote.
    const served = await get('/api/public/hero', { 'x-forwarded-host': 'evil"><x, cms.example.com', 'x-forwarded-proto': 'https' }, proxied.app);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json()).toMatchObject({ background_image: { url: `https://cms.example.com${src}` } });
  });

  it('a hostile X-Forwarded-Proto it passes on: 400', async () => {
    for (const proto of ['javascript:alert(1)//', 'gopher', 'https, ftp']) {
      const response = await get('/api/public/hero', { 'x-forwarded-proto': proto }, proxied.app);
      expect(response.statusCode, proto).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_FORWARDED_PROTO_MESSAGE });
    }
  });

  it('without TRUST_PROXY both are ignored, whatever they hold; the Host header is still checked', async () => {
    const response = await get('/api/public/hero', { 'x-forwarded-host': 'evil"><x', 'x-forwarded-proto': 'javascript:alert(1)//' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ background_image: { url: string } }>().background_image.url).toMatch(/^http:\/\/localhost:80\/api\/uploads\//);
    const hostile = await get('/api/public/hero', { host: 'a b', 'x-forwarded-host': 'cms.example.com' }, proxied.app);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toEqual({ message: INVALID_HOST_MESSAGE });
  });
});

describe('Vary: Host', () => {
  it('without PUBLIC_URL, on an answer whose file URLs are built from the host, and on its 304', async () => {
    const response = await get('/api/public/hero', { host: 'cms.example.com' });
    expect(response.statusCode).toBe(200);
    expect(varies(response.headers)).toEqual(expect.arrayContaining(['origin', 'host']));
    expect(response.headers['cache-control']).toMatch(/s-maxage=/);
    const again = await get('/api/public/hero', { host: 'cms.example.com', 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(varies(again.headers)).toContain('host');
    // An answer with no file URL does not depend on the host.
    const blogs = await get('/api/public/blogs');
    expect(blogs.statusCode).toBe(200);
    expect(varies(blogs.headers)).not.toContain('host');
  });

  it('not with PUBLIC_URL: the URLs are the same for every host', async () => {
    const fixed = await setupApp({ publicUrl: 'https://cms.example.com' });
    try {
      const api = apiClient(fixed.app, await signIn(fixed.app));
      const src = await storedImage(fixed.db);
      const saved = await api.put('/api/hero/1', { headline: 'We build', background_image: { src, title: 'A crane' } });
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await get('/api/public/hero', { host: 'other.example' }, fixed.app);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ background_image: { url: `https://cms.example.com${src}` } });
      expect(varies(response.headers)).not.toContain('host');
      // A hostile Host is refused all the same.
      expect((await get('/api/public/hero', { host: 'a b' }, fixed.app)).statusCode).toBe(400);
    } finally {
      await fixed.close();
    }
  });
});

describe('If-Modified-Since (RFC 9110, section 13.1.3)', () => {
  const lastModifiedOf = async (url: string) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const lastModified = String(first.headers['last-modified']);
    expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
    return { lastModified, body: first.body };
  };

  it('a date later than now is ignored: 200 with the body; one between Last-Modified and now answers 304; If-None-Match wins', async () => {
    const { lastModified, body } = await lastModifiedOf('/api/public/blogs');
    for (const future of ['Sun, 29 Nov 2099 00:00:00 GMT', new Date(Date.now() + 3_600_000).toUTCString()]) {
      const response = await get('/api/public/blogs', { 'if-modified-since': future });
      expect(response.statusCode, future).toBe(200);
      expect(response.body).toBe(body);
    }
    for (const past of [lastModified, new Date().toUTCString()]) {
      const response = await get('/api/public/blogs', { 'if-modified-since': past });
      expect(response.statusCode, past).toBe(304);
      expect(response.body).toBe('');
    }
    // If-None-Match, when sent, decides alone.
    const etag = String((await get('/api/public/blogs')).headers.etag);
    expect((await get('/api/public/blogs', { 'if-none-match': 'W/"something-else"', 'if-modified-since': lastModified })).statusCode).toBe(200);
    expect((await get('/api/public/blogs', { 'if-none-match': etag, 'if-modified-since': 'Sun, 29 Nov 2099 00:00:00 GMT' })).statusCode).toBe(304);
  });

  it('a value that is not an HTTP date is ignored: 200', async () => {
    const { lastModified, body } = await lastModifiedOf('/api/public/blogs');
    const lenient = [
      'not a date',
      new Date().toISOString(),
      lastModified.toLowerCase(),
      lastModified.replace(' GMT', ' UTC'),
      lastModified.replace(' GMT', ''),
      `${lastModified} extra`,
    ];
    for (const value of lenient) {
      const response = await get('/api/public/blogs', { 'if-modified-since': value });
      expect(response.statusCode, value).toBe(200);
      expect(response.body).toBe(body);
    }
  });

  it("the console's files too: a date later than now answers 200", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'cornerstone-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cornerstone</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const served = await setupApp({ staticDir: dist });
    try {
      for (const url of ['/favicon.svg', '/', '/some/page']) {
        const first = await get(url, {}, served.app);
        expect(first.statusCode, url).toBe(200);
        const lastModified = String(first.headers['last-modified']);
        const future = await get(url, { 'if-modified-since': 'Sun, 29 Nov 2099 00:00:00 GMT' }, served.app);
        expect(future.statusCode, url).toBe(200);
        expect(future.body).toBe(first.body);
        const current = await get(url, { 'if-modified-since': lastModified }, served.app);
        expect(current.statusCode, url).toBe(304);
      }
    } finally {
      await served.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
