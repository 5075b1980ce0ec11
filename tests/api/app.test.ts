import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeConsoleBuild, setupApp, signIn, type TestApp } from './helpers';

describe('API basics', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await setupApp({}, { logger: { level: 'error', stream } });
    // A route that fails the way an unexpected bug would.
    t.app.get('/api/test-only/boom', async () => {
      throw new Error('secret detail: connection string postgres://user:pw@db');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health checks the database and answers ok', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    // Never answered from a cache.
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('hides the details of a 5xx from the client and logs them', async () => {
    const response = await t.app.inject({ url: '/api/test-only/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toContain('secret detail');
    expect(logLines.join('\n')).toContain('secret detail');
  });

  it('answers JSON 404 for unknown /api paths, whatever the method', async () => {
    const get = await t.app.inject({ url: '/api/nope?x=1' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ message: 'Not Found' });
    const bare = await t.app.inject({ url: '/api' });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual({ message: 'Not Found' });
  });

  it('tells to build the console when STATIC_DIR is missing', async () => {
    const response = await t.app.inject({ url: '/dashboard/blogs' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/npm run build/);
  });

  it('compresses answers over 1 KB for clients that accept it, and leaves small ones alone (issue #10)', async () => {
    const plain = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a CSP the console can run under', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers, exactly, on an answer, a refusal and an address that does not exist', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;" +
        "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/health', '/api/blogs', '/api/no-such-thing']) {
      const response = await t.app.inject({ url });
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers[name]]));
      expect({ url, sent }).toEqual({ url, sent: expected });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('serving the built console', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeConsoleBuild();
    // As the build leaves them (vite.config.ts precompress): brotli and gzip copies beside the file.
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("console")'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("console")'));
    t = await setupApp({ staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    // A page may set the CSRF cookie: no shared cache keeps it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("console")');
  });

  it('sends the build-time brotli or gzip copy to a browser that accepts it, the plain file otherwise (issue #10)', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("console")');
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("console")');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("console")');
  });

  it('serves other files with revalidation', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for console routes (SPA)', async () => {
    // A name longer than a file's may be (255 bytes), which the files' server answered 403 Forbidden, too.
    for (const url of ['/login', '/dashboard/blogs', '/dashboard/careers-form?page=2', `/${'a'.repeat(256)}`, `/dashboard/${'é'.repeat(128)}`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('does not answer HTML for a missing asset or an unknown API path', async () => {
    for (const url of ['/assets/index-old999.js', `/assets/${'a'.repeat(256)}.js`]) {
      const asset = await t.app.inject({ url });
      expect(asset.statusCode, url.slice(0, 40)).toBe(404);
      expect(asset.json()).toEqual({ message: 'Not Found' });
    }
    // A file that is not there is no console page: a crawler's robots.txt, a browser's favicon.ico, a scanner's probe.
    for (const url of ['/favicon.ico', '/robots.txt', '/sitemap.xml', '/wp-login.php', '/dashboard/blogs/report.pdf', '/manifest.webmanifest']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not Found' });
      expect(missing.headers['set-cookie'], url).toBeUndefined();
    }
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not Found' });
    // API addresses the router does not match, which the files' server answered 403 Forbidden. (Dot segments, which
    // a real request can carry, are resolved by inject before the router sees them.)
    for (const url of ['/api//blogs', `/api/${'x'.repeat(5000)}`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url.slice(0, 40)).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers an address with an empty segment as an unknown one, a JSON 404, signed in or not (issue: //api/me was 403)', async () => {
    const token = await signIn(t.app);
    // The files' server refuses such a path 403 Forbidden (failing closed), and the console is not sent for one either:
    // to a browser's router `//evil.example/x` is another site.
    // A trailing slash on an API address is an empty last segment too: `/api/blogs/` is no record with an empty id (it
    // answered 400, and `/api/public/blogs/` 400 "'key' must not be empty": an outside probe, 2026-12-06).
    const urls = ['//api/me', '///api/me', '//api/blogs', '//api/uploads/x', '//login', '//dashboard/blogs', '/dashboard//blogs', '//evil.example/x', '//assets/index-abc123.js', '/assets//index-abc123.js', '/a%2F%2Fb',
      '/api/blogs/', '/api/public/blogs/', '/api/public/blogs/?page=2', '/api/me/', '/api/', '/%61pi/blogs/'];
    for (const url of urls) {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const response = await t.app.inject({ url, headers });
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: { message: 'Not Found' } });
      }
    }
    // What it is a doubled slash of is still served.
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/public/blogs?page=1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/dashboard/blogs' })).headers['content-type']).toMatch(/text\/html/);
  });

  it('allows the inline script of the built index.html by its hash, and no other inline script (issue #10)', async () => {
    const built = mkdtempSync(path.join(tmpdir(), 'cornerstone-dist-'));
    const inline = 'if(localStorage.getItem("access_token"))document.title="signed in"';
    writeFileSync(
      path.join(built, 'index.html'),
      `<!doctype html><title>Cornerstone</title><script data-console="/assets/AdminApp-1.js">${inline}</script>` +
        '<script type="module" crossorigin src="/assets/index-1.js"></script><div id="root"></div>',
    );
    const app = await setupApp({ staticDir: built });
    try {
      const response = await app.app.inject({ url: '/login' });
      expect(response.body).toContain(inline);
      const scriptSrc = String(response.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('script-src'));
      // sha256 of the inline script's text (not its attributes), base64: what a browser computes before running it.
      // The module script, loaded from 'self', has no hash of its own.
      expect(scriptSrc).toBe("script-src 'self' 'sha256-WXeBlOWyD92YC3HSJ6QVB5HNRRmB4l3i2ZaR4WpE1nw='");
      expect((await app.app.inject({ url: '/api/health' })).headers['content-security-policy']).toBe(response.headers['content-security-policy']);
    } finally {
      await app.close();
      rmSync(built, { recursive: true, force: true });
    }
    // Without one (the build above has none), the policy allows no inline script at all.
    const plain = await t.app.inject({ url: '/' });
    expect(String(plain.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('still routes the API', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
