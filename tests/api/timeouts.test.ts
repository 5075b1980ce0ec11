// Slow clients cannot hold the server (issue #9 item 3): headers and bodies trickled slower than the limits are cut
// off, one address cannot open more than its share of connections, and meanwhile everybody else is served at once.
// A real server on a port: app.inject() has no sockets.
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TIMEOUT_MESSAGE, HEADERS_TIMEOUT_MESSAGE, MISSING_HOST_MESSAGE } from '../../server/app';
import { ConfigError, loadConfig, type ConnectionLimits } from '../../server/config';
import { setupApp, type TestApp } from './helpers';

const LIMITS: ConnectionLimits = {
  headersTimeoutMs: 1500,
  bodyTimeoutMs: 1500,
  requestTimeoutMs: 4000,
  keepAliveTimeoutMs: 1000,
  idleTimeoutMs: 3000,
  maxConnectionsPerAddress: 8,
};

let t: TestApp;
let port: number;
const sockets = new Set<Socket>();

beforeAll(async () => {
  t = await setupApp({ connectionLimits: LIMITS });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
});

interface Connection {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with the time (ms since opening) when the server closed the connection. */
  closed: Promise<number>;
}

function open(): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    sockets.add(socket);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => {}); // a reset is one way of being cut off
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes or the text is sent. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** A normal client: a fresh connection (from `localAddress`), GET /api/health, its status and how long it took. */
function health(localAddress = '127.0.0.1'): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, ms: Date.now() - started }));
    });
    request.once('error', reject);
  });
}

async function expectHealthy() {
  const { status, ms } = await health();
  expect(status).toBe(200);
  expect(ms).toBeLessThan(1000);
}

const body = (status: string) => {
  const start = status.indexOf('\r\n\r\n');
  return start === -1 ? undefined : JSON.parse(status.slice(start + 4)) as unknown;
};

describe('slow clients are cut off', () => {
  it('headers sent one byte a second: 408 and closed once HEADERS_TIMEOUT passes, others served meanwhile', async () => {
    const slow = await open();
    trickle(slow.socket, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ' + 'a'.repeat(60) + '\r\n\r\n', 1000);
    await expectHealthy();
    const closedAfter = await slow.closed;
    // The limit, plus at most Node's check interval and some slack; long before the 80 s the headers would take.
    expect(closedAfter).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 100);
    expect(closedAfter).toBeLessThan(LIMITS.headersTimeoutMs + 1500);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(body(slow.received())).toEqual({ message: HEADERS_TIMEOUT_MESSAGE });
    await expectHealthy();
  });

  it('an HTTP/1.1 request without a Host header: 400 with a message; an HTTP/1.0 one is served', async () => {
    const without = await open();
    without.socket.write('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    await without.closed;
    expect(without.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(without.received()).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(JSON.parse(without.received().split('\r\n\r\n')[1]!)).toEqual({ message: MISSING_HOST_MESSAGE });
    const old = await open();
    old.socket.write('GET /api/health HTTP/1.0\r\n\r\n');
    await old.closed;
    expect(old.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('a connection that sends nothing at all is closed too', async () => {
    const silent = await open();
    const closedAfter = await silent.closed;
    expect(closedAfter).toBeLessThan(LIMITS.headersTimeoutMs + 1500);
  });

  it('a body trickled slower than BODY_TIMEOUT allows: 408 and closed, nothing stored', async () => {
    const before = await t.db.selectFrom('records').select('id').where('area', '=', 'contact-us-form').execute();
    const json = JSON.stringify({ full_name: 'Slow Loris', email: 'slow@example.com', subject: 'Hello', message: 'x'.repeat(40) });
    const slow = await open();
    slow.socket.write(
      `POST /api/public/contact-us-form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    );
    const started = Date.now();
    trickle(slow.socket, json, 200);
    await expectHealthy();
    await slow.closed;
    const closedAfter = Date.now() - started;
    expect(closedAfter).toBeGreaterThanOrEqual(LIMITS.bodyTimeoutMs - 100);
    expect(closedAfter).toBeLessThan(LIMITS.bodyTimeoutMs + 1000);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(body(slow.received())).toEqual({ message: BODY_TIMEOUT_MESSAGE });
    const after = await t.db.selectFrom('records').select('id').where('area', '=', 'contact-us-form').execute();
    expect(after).toHaveLength(before.length);
    await expectHealthy();
  });

  it('a body that arrives in time is answered normally', async () => {
    const json = JSON.stringify({ full_name: 'Quick Fox', email: 'quick@example.com', subject: 'Hello', message: 'On time' });
    const client = await open();
    client.socket.write(
      `POST /api/public/contact-us-form HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    );
    trickle(client.socket, json, 5);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(body(client.received())).toEqual({ received: true });
  });

  it('requests with bodies on one kept-alive connection leave nothing behind on it (each body can be freed)', async () => {
    // The server's end of the connection, as the body timer sees it.
    const accepted = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
    const client = await open();
    const serverSide = await accepted;
    // A website form's submission that fails validation: read whole, refused, nothing stored.
    const json = JSON.stringify({ full_name: 'Kept Alive', email: 'not an address', message: 'x'.repeat(2000) });
    let answers = 0;
    const listenersAfter: number[] = [];
    for (let index = 0; index < 12; index++) {
      client.socket.write(
        `POST /api/public/contact-us-form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
      );
      answers++;
      await expect.poll(() => client.received().match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0).toBe(answers);
      listenersAfter.push(serverSide.listenerCount('close'));
    }
    // Before, each request left a 'close' listener holding its request and body until the connection closed.
    expect(new Set(listenersAfter).size, `close listeners on the socket after each request: ${listenersAfter.join(', ')}`).toBe(1);
    client.socket.destroy();
  });

  it('an idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT', async () => {
    const client = await open();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(closedAfter).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1500);
  });
});

describe('connections per address', () => {
  it('beyond MAX_CONNECTIONS_PER_ADDRESS one more is refused; a freed slot is usable again', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => open()));
    // Each holds its slot by sending a header slowly, as a slowloris client does.
    for (const connection of held) trickle(connection.socket, 'GET /api/health HTTP/1.1\r\n', 200);

    const extra = await open();
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const closedAfter = await extra.closed;
    expect(closedAfter).toBeLessThan(500);
    expect(extra.received()).toBe('');

    const refused = await health().then(
      () => 'served',
      () => 'refused',
    );
    expect(refused).toBe('refused');
    // Another address is served at once meanwhile (Linux answers for all of 127.0.0.0/8).
    const other = await health('127.0.0.2');
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(1000);

    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    // The server hears of the closes a moment after the client.
    await expect.poll(async () => (await health()).status, { timeout: 2000, interval: 50 }).toBe(200);
  });
});

describe('configuration', () => {
  it('has the documented defaults (docs/deploy.md, "Timeouts and connection limits")', () => {
    expect(loadConfig({}).connectionLimits).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 120_000,
      requestTimeoutMs: 180_000,
      keepAliveTimeoutMs: 10_000,
      idleTimeoutMs: 30_000,
      maxConnectionsPerAddress: 100,
    });
  });

  it('reads each variable in seconds', () => {
    const limits = loadConfig({
      HEADERS_TIMEOUT_SECONDS: '5',
      BODY_TIMEOUT_SECONDS: '0',
      REQUEST_TIMEOUT_SECONDS: '60',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      IDLE_TIMEOUT_SECONDS: '0',
      MAX_CONNECTIONS_PER_ADDRESS: '20',
    }).connectionLimits;
    expect(limits).toEqual({
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 0,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 0,
      maxConnectionsPerAddress: 20,
    });
  });

  it('refuses a request timeout no longer than the headers timeout, and a headers timeout of 0, naming them', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      'REQUEST_TIMEOUT_SECONDS: must be longer than HEADERS_TIMEOUT_SECONDS (or 0 for none)',
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '0' })).toThrow('HEADERS_TIMEOUT_SECONDS: must be between 1 and 3600');
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(ConfigError);
  });
});
