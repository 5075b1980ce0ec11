// An answer sent before its request's body is all in (a 413 past the body limit) reaches the client: the server
// reads and drops the rest of the body, within bounds, before it closes (server/plugins/lingering-close.ts).
// A real server on a port: app.inject() has no sockets, and the reset this is about is the kernel's.
import { execFile } from 'node:child_process';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS } from '../../server/plugins/lingering-close';
import { randomToken } from '../../server/secrets';
import { setupApp, signIn, type TestApp } from './helpers';

let t: TestApp;
let port: number;
let token: string;
const sockets = new Set<Socket>();
const MB = 1024 * 1024;
const TOO_LARGE = { message: 'The request body is too large.' };

beforeAll(async () => {
  t = await setupApp();
  token = await signIn(t.app);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
});

interface Exchange {
  /** Everything read from the server. */
  received: string;
  /** The socket error that ended it, if one did (a reset). */
  error?: string;
  /** Bytes of the body the server took before the connection ended. */
  sent: number;
  /** Milliseconds from the first byte of the body to the connection's end. */
  ms: number;
}

/**
 * One request on a connection of its own: `head` (the request line and headers), then `bodyBytes` of body, in 64 KB
 * chunks as the socket takes them (one every `everyMs` when given), then `tail`. `readAfterSending` reads nothing until the
 * whole body is written, as clients that send before they read do: an answer then survives only if the server is
 * still reading when the client is done.
 */
function exchange(head: string, bodyBytes: number, options: { readAfterSending?: boolean; everyMs?: number; tail?: string } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    // Half-open, as HTTP clients are: it goes on sending its body after the server's answer and end (FIN).
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    sockets.add(socket);
    const started = Date.now();
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let received = '';
    let error: string | undefined;
    let sent = 0;
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (received += text));
    socket.on('error', (failure: Error & { code?: string }) => (error = failure.code ?? failure.message));
    socket.once('close', () => resolve({ received, error, sent, ms: Date.now() - started }));
    if (options.readAfterSending) socket.pause();
    const writeMore = () => {
      while (!socket.destroyed && sent < bodyBytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent));
        sent += part.length;
        if (options.everyMs) return void setTimeout(() => socket.write(part, writeMore), options.everyMs);
        if (!socket.write(part)) return void socket.once('drain', writeMore);
      }
      if (socket.destroyed) return;
      socket.end(options.tail ?? '', () => {
        if (options.readAfterSending) setTimeout(() => socket.resume(), 100);
      });
    };
    socket.once('connect', () => socket.write(head, writeMore));
  });
}

// What the kernels' buffers (both ends of the loopback) take beyond what the server reads is a few MB.
const SLACK = 24 * MB;

const jsonHead = (path: string, length: number, headers = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${headers}\r\n`;

const BOUNDARY = 'cornerstone-test';
const UPLOAD_TAIL = `\r\n--${BOUNDARY}--\r\n`;
/**
 * One PDF of `fileBytes` (past the 10 MB a document may have) in a multipart body: the headers and the part's. A
 * signed-in upload, or the careers form's CV.
 */
function uploadHead(fileBytes: number, to: 'uploads' | 'careers-form' = 'uploads'): string {
  const pair = randomToken();
  const field = to === 'uploads' ? 'file' : 'cv';
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const headers =
    to === 'uploads'
      ? `POST /api/uploads HTTP/1.1\r\nAuthorization: Bearer ${token}\r\nCookie: XSRF-TOKEN=${pair}\r\nX-XSRF-TOKEN: ${pair}\r\n`
      : 'POST /api/public/careers-form HTTP/1.1\r\n';
  return `${headers}Host: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${part.length + fileBytes + UPLOAD_TAIL.length}\r\n\r\n${part}`;
}

/** The status and JSON body of the one answer in `received`. */
function answerOf(received: string): { status: number; body: unknown; headers: string } {
  const [headers = '', body = ''] = received.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers: headers.toLowerCase(), body: body ? JSON.parse(body) : undefined };
}

describe('an answer sent before the body is all in reaches the client', () => {
  it('30 uploads by Node’s fetch of a body well over the limit all read the 413', async () => {
    // Another process, as the probe was: in the server's own event loop the client happened to read in time.
    const script = `
      const body = Buffer.alloc(12 * 1024 * 1024, 'a');
      const results = [];
      for (let i = 0; i < 30; i++) {
        try {
          const response = await fetch('http://127.0.0.1:${port}/api/public/contact-us-form', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
          results.push(response.status + ' ' + response.headers.get('connection') + ' ' + (await response.text()));
        } catch (error) {
          results.push(String(error.cause?.code ?? error.cause ?? error));
        }
      }
      console.log(JSON.stringify(results));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
    const results = JSON.parse(stdout) as string[];
    expect(results).toEqual(Array(30).fill(`413 close ${JSON.stringify(TOO_LARGE)}`));
  }, 90_000);

  it('a client that reads only once it has sent the whole body still gets the 413', async () => {
    // Refused from its Content-Length, before a byte of the body is read.
    const declared = await exchange(jsonHead('/api/public/contact-us-form', 8 * MB), 8 * MB, { readAfterSending: true });
    expect(declared.error).toBeUndefined();
    expect(answerOf(declared.received)).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(answerOf(declared.received).headers).toContain('connection: close');

    // Chunked, so refused once the body read passes the limit.
    const chunked = await exchange(
      `POST /api/public/contact-us-form HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(8 * MB).toString(16)}\r\n`,
      8 * MB,
      { readAfterSending: true },
    );
    expect(chunked.error).toBeUndefined();
    expect(answerOf(chunked.received)).toMatchObject({ status: 413, body: TOO_LARGE });
  });

  it('so does an upload past its size, whose reader stops at the limit', async () => {
    const upload = await exchange(uploadHead(12 * MB), 12 * MB, { readAfterSending: true, tail: UPLOAD_TAIL });
    expect(upload.error).toBeUndefined();
    expect(answerOf(upload.received)).toMatchObject({ status: 413, body: { message: expect.stringMatching(/^The file is too large/) } });
    expect(answerOf(upload.received).headers).toContain('connection: close');
  });
});

describe('the drain after an early answer is bounded', () => {
  it(`reads at most about ${DRAIN_MAX_BYTES / MB} MB of the rest, then closes`, async () => {
    const result = await exchange(jsonHead('/api/public/contact-us-form', 200 * MB), 200 * MB);
    expect(answerOf(result.received)).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(result.sent).toBeGreaterThan(DRAIN_MAX_BYTES);
    expect(result.sent).toBeLessThan(DRAIN_MAX_BYTES + SLACK);
  });

  it('so for an upload or a website form past its file size, which were read to their end before', async () => {
    const result = await exchange(uploadHead(200 * MB), 200 * MB, { tail: UPLOAD_TAIL });
    expect(answerOf(result.received)).toMatchObject({ status: 413, body: { message: expect.stringMatching(/^The file is too large/) } });
    expect(result.sent).toBeLessThan(10 * MB + DRAIN_MAX_BYTES + SLACK);

    const form = await exchange(uploadHead(200 * MB, 'careers-form'), 200 * MB, { tail: UPLOAD_TAIL });
    expect(answerOf(form.received)).toMatchObject({ status: 413, body: { message: 'CV is too large: at most 10 MB.', errors: { cv: 'CV is too large: at most 10 MB' } } });
    expect(form.sent).toBeLessThan(10 * MB + DRAIN_MAX_BYTES + SLACK);
  });

  it('so for a refusal before the body is read (no CSRF pair); a small body sent whole keeps its connection', async () => {
    const refused = await exchange(jsonHead('/api/blogs', 200 * MB, `Authorization: Bearer ${token}\r\n`), 200 * MB);
    expect(answerOf(refused.received)).toMatchObject({ status: 403, body: { message: 'Invalid or missing CSRF token.' } });
    expect(answerOf(refused.received).headers).toContain('connection: close');
    expect(refused.sent).toBeLessThan(DRAIN_MAX_BYTES + SLACK);

    // In the packet of its headers: all in by the time it is answered, so nothing is left to drain.
    const body = JSON.stringify({ title: 'Kept alive' });
    const small = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      sockets.add(socket);
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => {
        received += text;
        if (received.includes('\r\n\r\n')) socket.destroy();
      });
      socket.once('close', () => resolve(received));
      socket.write(`${jsonHead('/api/blogs', body.length, `Authorization: Bearer ${token}\r\n`)}${body}`);
    });
    expect(answerOf(small).status).toBe(403);
    expect(answerOf(small).headers).toContain('connection: keep-alive');
  });

  it(`reads for at most ${DRAIN_MAX_MS / 1000} s, then closes`, async () => {
    // 64 KB a quarter of a second: well within the body timeout (120 s by default), so the drain's cap ends it.
    const result = await exchange(jsonHead('/api/public/contact-us-form', 8 * MB), 8 * MB, { everyMs: 250 });
    expect(answerOf(result.received)).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(result.ms).toBeGreaterThanOrEqual(DRAIN_MAX_MS - 100);
    expect(result.ms).toBeLessThan(DRAIN_MAX_MS + 4000);
  }, 30_000);
});
