// Issue #9 items 4-6: one server per SQLite data directory; a busy or unwritable database answers 503 with
// Retry-After (never a bare 500, never a frozen server), /api/health says so, and all recovers without a restart.
// SQLite by default; the PostgreSQL parts run with TEST_DATABASE_URL.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SqliteDatabase } from '../../server/db/sqlite-driver';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNREACHABLE_MESSAGE } from '../../schema/api';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { storageFault } from '../../server/plugins/errors';
import { loadConfig } from '../../server/config';
import { DATABASE_BUSY_WAIT_MS, PID_FILE_NAME, createDb, migrate, unhurried, type Database } from '../../server/db';
import { POSTGRES_STATEMENT_TIMEOUT_MS } from '../../server/db/postgres-sessions';
import { hashPassword } from '../../server/passwords';
import { createUser } from '../../server/repositories/users';
import { USER, apiClient, csrf, signIn, type ApiClient } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const postgresUrl = process.env.TEST_DATABASE_URL;
const counter = (label: string) => ({ label, value: 7 });

// ---- The real server process (node scripts/start.mjs, as `npm start` runs it) -------------------------------------

interface Running {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

const serverEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  SKIP_BUILD: 'true',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  SEED_SAMPLE_CONTENT: 'false',
  ADMIN_EMAIL: USER.email,
  ADMIN_PASSWORD: USER.password,
  LOG_LEVEL: 'warn',
  ...extra,
});

/** Starts a server and resolves once it listens (or rejects with what it printed when it exits first). */
function startServer(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Cornerstone is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs a server to its end; it is expected to refuse to start. */
function startRefused(env: NodeJS.ProcessEnv, timeout = 60_000) {
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, env, encoding: 'utf8', timeout });
  return { status: result.status, stderr: result.stderr };
}

const health = async (port: number) => {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: response.status, body: (await response.json()) as unknown };
};

/** Signs in over HTTP as the console does and creates a counter; the status of the create. */
async function createOverHttp(port: number, label: string): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const pair = csrf();
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${pair.cookies['XSRF-TOKEN']}`, ...pair.headers };
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email: USER.email, password: USER.password }) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await fetch(`${base}/api/counters`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify(counter(label)),
  });
  return created.status;
}

const running: Running[] = [];
async function stop(server: Running, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  return server.exited;
}
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) await stop(server, 'SIGKILL');
});

describe.skipIf(postgresUrl)('one server per SQLite data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-lock-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second server on the same DATA_DIR, naming the directory and the first one, and frees it on shutdown', async () => {
    const first = await startServer(serverEnv(dataDir));
    running.push(first);

    const second = startRefused(serverEnv(dataDir));
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `Cornerstone could not start: Another Cornerstone server (process ${first.child.pid}) is using the data directory ${dataDir}. ` +
        'Stop it first: two servers writing one SQLite database fail each other. Several servers need PostgreSQL (DATABASE_URL).',
    );
    // The first one never noticed.
    expect(await health(first.port)).toEqual({ status: 200, body: { status: 'ok' } });

    expect(await stop(first)).toBe(0);
    expect(existsSync(path.join(dataDir, PID_FILE_NAME))).toBe(false);

    // Released on shutdown; and a server that is killed outright leaves no stale lock either (the kernel drops it).
    const third = await startServer(serverEnv(dataDir));
    running.push(third);
    expect(await createOverHttp(third.port, 'Projects')).toBe(201);
    await stop(third, 'SIGKILL');
    const fourth = await startServer(serverEnv(dataDir));
    running.push(fourth);
    expect(await health(fourth.port)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await stop(fourth)).toBe(0);
  }, 120_000);

  it('a data directory that cannot be used stops the start in one line naming it, not a stack', () => {
    // A file where the directory should be (a disk mounted read-only answers EROFS the same way: an outside probe
    // met an uncaught stack from writing the PID file).
    const blocked = path.join(dataDir, 'a-file');
    writeFileSync(blocked, 'not a directory');
    const { status, stderr } = startRefused(serverEnv(path.join(blocked, 'data')));
    expect(status).toBe(1);
    expect(stderr).toMatch(new RegExp(`^Cornerstone could not start: the data directory ${blocked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/data cannot be used: ENOTDIR`, 'm'));
    expect(stderr).not.toContain('    at ');
  });
});

describe.runIf(postgresUrl)('several servers on one PostgreSQL database', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  const admin = () => new pg.Client({ connectionString: postgresUrl });
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-pg-'));
    const client = admin();
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const client = admin();
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('run side by side (even with one DATA_DIR) and both take writes', async () => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = serverEnv(dataDir, { DATABASE_URL: url.toString() });
    const first = await startServer(env);
    running.push(first);
    const second = await startServer(env);
    running.push(second);
    expect(await health(first.port)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await health(second.port)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await createOverHttp(first.port, 'From the first')).toBe(201);
    expect(await createOverHttp(second.port, 'From the second')).toBe(201);
    expect(await stop(first)).toBe(0);
    expect(await stop(second)).toBe(0);
  }, 120_000);
});

// ---- Faults, on an app built in this process --------------------------------------------------------------------

interface FaultApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Kysely<Database>;
  api: ApiClient;
  close: () => Promise<void>;
}

async function faultApp(db: Kysely<Database>, close: () => Promise<void>, logger: BuildAppOptions['logger'] = false): Promise<FaultApp> {
  await migrate(db);
  await createUser(db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
  const config = loadConfig({ STATIC_DIR: '/nonexistent', LOGIN_RATE_LIMIT: '0' });
  const app = await buildApp({ config, db, logger });
  const api = apiClient(app, await signIn(app));
  return {
    app,
    db,
    api,
    close: async () => {
      await app.close();
      await close();
    },
  };
}

const BUSY = { message: DATABASE_BUSY_MESSAGE };
const UNAVAILABLE = { message: DATABASE_UNAVAILABLE_MESSAGE };

describe.runIf(postgresUrl)('a PostgreSQL server that goes away and comes back', () => {
  it('reads and writes answer 503 with Retry-After and what failed, health says why, and all answers again once it is back', async () => {
    // The server reaches PostgreSQL through a relay that can be cut: as if PostgreSQL stopped (its connections
    // closed, new ones refused) and then started again.
    const target = new URL(postgresUrl!);
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    const listen = (port: number) => new Promise<number>((resolve) => relay.listen(port, '127.0.0.1', () => resolve((relay.address() as AddressInfo).port)));
    const port = await listen(0);
    const viaRelay = new URL(postgresUrl!);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(port);
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const lost: string[] = [];
    const db = createDb({ postgres: { connectionString: viaRelay.href, options: `-c search_path=${schema}` } }, { onConnectionLost: (error) => lost.push(error.message) });
    const t = await faultApp(db, async () => {
      await db.destroy();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    });
    try {
      expect((await t.api.post('/api/counters', counter('Before the stop'))).statusCode).toBe(201);

      await new Promise((resolve) => {
        relay.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
      for (const url of ['/api/public/counters', '/api/public/hero', '/api/counters']) {
        const read = url.startsWith('/api/public/') ? await t.app.inject({ url }) : await t.api.get(url);
        expect(read.statusCode, url).toBe(503);
        expect(read.headers['retry-after'], url).toBe('30');
        expect(read.json(), url).toEqual({ message: DATABASE_UNREACHABLE_MESSAGE });
      }
      expect(t.app.storageFaults.last, 'a refused read is not remembered as a refused write').toBeUndefined();
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ message: 'Service Unavailable', reason: 'the database server does not answer (ECONNREFUSED)' });
      const write = await t.api.post('/api/counters', counter('While stopped'));
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual(UNAVAILABLE);
      expect(lost.length).toBeGreaterThan(0);

      // A write refused because the database could not be reached is not remembered: health's probe answers for it,
      // and says ok as soon as the database is back (it said 503 for a minute more: an outside probe).
      expect(t.app.storageFaults.last).toBeUndefined();
      await listen(port);
      const healthy = await t.app.inject({ url: '/api/health' });
      expect(healthy.statusCode, healthy.body).toBe(200);
      const back = await t.api.get('/api/counters');
      expect(back.statusCode).toBe(200);
      expect((back.json() as { label: string }[]).map((record) => record.label)).toEqual(['Before the stop']);
      expect((await t.api.post('/api/counters', counter('After the start'))).statusCode).toBe(201);
    } finally {
      if (relay.listening) relay.close();
      for (const socket of sockets) socket.destroy();
      await t.close();
    }
  });
});

/**
 * A relay between the server and PostgreSQL. `stall()` stops passing bytes on, either way, on every connection, new
 * ones accepted but never answered, until `resume()`: PostgreSQL stopped with SIGSTOP (or the network cut without a
 * reset), then continued. `resetAfter`: a connection on which PostgreSQL sends bytes matching it is reset (ECONNRESET)
 * a moment after they are passed on, instead of being closed: as when PostgreSQL closes a session whose client had
 * sent more than it read.
 */
async function openRelay() {
  const target = new URL(postgresUrl!);
  const sockets = new Set<Socket>();
  const state = { stalled: false, resetAfter: undefined as RegExp | undefined, resetNew: false };
  let held: (() => void)[] = [];
  const pass = (then: () => void) => (state.stalled ? held.push(then) : then());
  const relay = createServer((client) => {
    if (state.resetNew) {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk: Buffer) => pass(() => upstream.write(chunk)));
    upstream.on('data', (chunk: Buffer) =>
      pass(() => {
        client.write(chunk);
        if (!state.resetAfter?.test(chunk.toString('latin1'))) return;
        setTimeout(() => {
          client.resetAndDestroy();
          upstream.destroy();
        }, 100);
      }),
    );
    client.on('end', () => pass(() => upstream.end()));
    upstream.on('end', () => pass(() => state.resetAfter || client.end()));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(postgresUrl!);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as AddressInfo).port);
  return {
    url: url.href,
    port: url.port,
    state,
    stall: () => (state.stalled = true),
    /** Every connection open is closed, as a PostgreSQL stopping closes its sessions. */
    dropAll: () => {
      for (const socket of sockets) socket.destroy();
    },
    resume: () => {
      state.stalled = false;
      for (const then of held.splice(0)) then();
      held = [];
    },
    close: async () => {
      await new Promise((resolve) => {
        relay.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/** An app on a schema of its own, whose connections to PostgreSQL go through a relay the test can stall or reset. */
async function relayedApp() {
  const relay = await openRelay();
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const db = createDb({ postgres: { connectionString: relay.url, options: `-c search_path=${schema}` } }, { onConnectionLost: () => {} });
  const t = await faultApp(db, async () => {
    await db.destroy();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });
  return { relay, schema, admin, t };
}

describe.runIf(postgresUrl)('a PostgreSQL server that stops answering without closing its connections (database probe)', () => {
  const timed = async <T>(run: () => Promise<T>) => {
    const started = Date.now();
    const result = await run();
    return { result, ms: Date.now() - started };
  };

  it('reads, writes and health answer 503 within seconds, not never; all answers again once it goes on', async () => {
    const { relay, t } = await relayedApp();
    try {
      // Connections open and idle in the pools: the stall catches them as it would a running server's.
      expect((await t.api.post('/api/counters', counter('Before the stall'))).statusCode).toBe(201);
      expect((await t.app.inject({ url: '/api/public/counters' })).statusCode).toBe(200);
      relay.stall();
      // Not read before: a public answer already read may be served from the server's memory.
      // Each waited until the client gave up (30 s, with no answer); migrations at start for ever.
      const [read, website, health, write] = await Promise.all([
        timed(() => t.api.get('/api/counters')),
        timed(() => t.app.inject({ url: '/api/public/partners' })),
        timed(() => t.app.inject({ url: '/api/health' })),
        timed(() => t.api.post('/api/counters', counter('While stalled'))),
      ]);
      for (const [name, { result, ms }] of Object.entries({ read, website, health, write })) {
        expect(result.statusCode, name).toBe(503);
        expect(result.headers['retry-after'], name).toBe('30');
        expect(ms, name).toBeLessThan(9000);
      }
      expect(read.result.json()).toEqual({ message: DATABASE_UNREACHABLE_MESSAGE });
      expect(website.result.json()).toEqual({ message: DATABASE_UNREACHABLE_MESSAGE });
      expect(write.result.json()).toEqual(UNAVAILABLE);
      expect(health.result.json()).toMatchObject({ message: 'Service Unavailable', reason: expect.stringMatching(/^the database server does not answer/) });
      console.info(`stalled PostgreSQL: read ${read.ms} ms, website read ${website.ms} ms, health ${health.ms} ms, write ${write.ms} ms`);

      relay.resume();
      const back = await t.api.get('/api/counters');
      expect(back.statusCode, back.body).toBe(200);
      expect((back.json() as { label: string }[]).map((record) => record.label)).toEqual(['Before the stall']);
      // The refused write is not held against health once PostgreSQL answers again (routes/health.ts).
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await t.api.post('/api/counters', counter('After the stall'))).statusCode).toBe(201);
    } finally {
      relay.resume();
      await t.close();
      await relay.close();
    }
  }, 30_000);

  it('a start on it stops within seconds and says which PostgreSQL does not answer', async () => {
    const relay = await openRelay();
    relay.stall();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-stalled-'));
    try {
      const started = Date.now();
      const { status, stderr } = startRefused(serverEnv(dataDir, { DATABASE_URL: relay.url }), 25_000);
      expect(status).toBe(1);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(stderr).toContain(`Cornerstone could not reach PostgreSQL at 127.0.0.1:${relay.port}: the database server does not answer`);
      expect(stderr).toContain('Check that it is running and answering there, and that DATABASE_URL names it.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await relay.close();
    }
  }, 30_000);

  it('a connection reset under a transaction’s ROLLBACK (its session ended mid-write) answers 503, and nothing is written', async () => {
    const { relay, schema, admin, t } = await relayedApp();
    try {
      // The write's own session is ended inside its transaction (pg_terminate_backend, as a restart does), and its
      // connection reset before the ROLLBACK that follows is sent: Kysely throws the ROLLBACK's 'read ECONNRESET'
      // instead of the 57P01, which answered 500.
      await admin.query(`
        create function "${schema}".end_my_session() returns trigger language plpgsql as $$
        begin
          if new.data::text like '%End my session%' then perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(5); end if;
          return new;
        end $$`);
      await admin.query(`create trigger end_my_session before insert on "${schema}".records for each row execute function "${schema}".end_my_session()`);
      relay.state.resetAfter = /terminating connection/;
      const refused = await t.api.post('/api/counters', counter('End my session'));
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toEqual(UNAVAILABLE);
      relay.state.resetAfter = undefined;
      const stored = await admin.query(`select count(*)::int as count from "${schema}".records where data::text like '%End my session%'`);
      expect(stored.rows[0].count).toBe(0);
      expect((await t.api.post('/api/counters', counter('After the reset'))).statusCode).toBe(201);
    } finally {
      await t.close();
      await relay.close();
    }
  });

  it('a new connection reset as it is made (a PostgreSQL stopping: pg_ctl stop -m fast) answers 503, not 500', async () => {
    const { relay, t } = await relayedApp();
    try {
      expect((await t.api.post('/api/counters', counter('Before the stop'))).statusCode).toBe(201);
      // Its sessions closed, then every connection accepted and reset at once: node-postgres' connect failed with
      // 'read ECONNRESET' under the session check or the write, which answered 500 (an outside probe, 30 of 30).
      relay.state.resetNew = true;
      relay.dropAll();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [write, read, website] = await Promise.all([
        t.api.post('/api/counters', counter('While stopping')),
        t.api.get('/api/counters'),
        t.app.inject({ method: 'POST', url: '/api/public/contact-us-form', payload: { full_name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'While stopping' } }),
      ]);
      for (const [name, answer] of Object.entries({ write, read, website })) {
        expect(answer.statusCode, `${name}: ${answer.body}`).toBe(503);
        expect(answer.headers['retry-after'], name).toBe('30');
      }
      expect(write.json()).toEqual(UNAVAILABLE);
      relay.state.resetNew = false;
      const back = await t.api.get('/api/counters');
      expect(back.statusCode, back.body).toBe(200);
      expect((back.json() as { label: string }[]).map((record) => record.label)).toEqual(['Before the stop']);
    } finally {
      await t.close();
      await relay.close();
    }
  });

  it('an ECONNRESET that is not the database’s (a client that dropped its request) is no storage fault', () => {
    expect(storageFault(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(storageFault(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeUndefined();
  });
});

describe.skipIf(postgresUrl)('a busy or unwritable SQLite database', () => {
  let dataDir: string;
  let t: FaultApp;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-faults-'));
    const db = createDb({ sqlite: path.join(dataDir, 'cornerstone.db') });
    t = await faultApp(db, () => db.destroy());
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a write waiting on another process’s lock answers 503 with Retry-After after about 2 s, and the server keeps serving meanwhile', async () => {
    // The API document is built on first request: build it before timing one.
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    const holder = new SqliteDatabase(path.join(dataDir, 'cornerstone.db'));
    holder.exec('begin immediate');
    try {
      // The event loop must stay free while the write waits: timers keep firing on time.
      let lastTick = Date.now();
      let worstLag = 0;
      const ticker = setInterval(() => {
        worstLag = Math.max(worstLag, Date.now() - lastTick - 10);
        lastTick = Date.now();
      }, 10);
      const started = Date.now();
      const write = t.api.post('/api/counters', counter('Waiting'));
      const healthStarted = Date.now();
      const healthAnswer = t.app.inject({ url: '/api/health' }).then((response) => ({ response, ms: Date.now() - healthStarted }));
      // Routes that do not touch the database answer at once.
      const docsStarted = Date.now();
      const docs = await t.app.inject({ url: '/api/openapi.json' });
      const docsMs = Date.now() - docsStarted;

      const refused = await write;
      const writeMs = Date.now() - started;
      const { response: healthResponse, ms: healthMs } = await healthAnswer;
      clearInterval(ticker);

      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json()).toEqual(BUSY);
      expect(writeMs).toBeGreaterThanOrEqual(1900);
      expect(writeMs).toBeLessThan(3000);
      expect(docs.statusCode).toBe(200);
      expect(docsMs).toBeLessThan(1000);
      expect(worstLag).toBeLessThan(500);
      expect(healthResponse.statusCode).toBe(503);
      expect(healthResponse.headers['retry-after']).toBe('2');
      expect(healthResponse.json()).toEqual({ message: 'Service Unavailable', reason: 'the database is locked by another process' });
      // Measured (issue #9 asked): health waits behind the queued write, then its own probe's wait.
      console.info(`busy database: write refused after ${writeMs} ms, health answered in ${healthMs} ms, a route without the database in ${docsMs} ms, worst event-loop lag ${worstLag} ms`);
      expect(healthMs).toBeLessThan(5000);
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    // The lock is gone: everything works again, no restart.
    expect((await t.api.post('/api/counters', counter('After the lock'))).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  }, 20_000);

  it('a write that waits less than the limit succeeds', async () => {
    const holder = new SqliteDatabase(path.join(dataDir, 'cornerstone.db'));
    holder.exec('begin immediate');
    const release = setTimeout(() => {
      holder.exec('rollback');
      holder.close();
    }, 500);
    const response = await t.api.post('/api/counters', counter('Patient'));
    clearTimeout(release);
    if (holder.open) holder.close();
    expect(response.statusCode).toBe(201);
  });

  it('a read-only database: writes answer 503, reads still work, health reports it, and all recovers once it is writable', async () => {
    // query_only refuses every write on the app's own connection with SQLITE_READONLY, as a read-only file does.
    await sql`pragma query_only = on`.execute(t.db);
    const refused = await t.api.post('/api/counters', counter('Read-only'));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual(UNAVAILABLE);
    expect((await t.api.get('/api/counters')).statusCode).toBe(200);
    const unhealthy = await t.app.inject({ url: '/api/health' });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({ message: 'Service Unavailable', reason: 'the database is read-only' });

    await sql`pragma query_only = off`.execute(t.db);
    // The refusal is still reported until a write succeeds (a minute at most).
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({ reason: expect.stringMatching(/^a write was refused \d+ s ago: the database is read-only$/) });
    expect((await t.api.post('/api/counters', counter('Writable again'))).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('a full disk: writes answer 503 and health reports it although its probe writes nothing', async () => {
    // max_page_count caps the file at its current size: the next page it needs fails with SQLITE_FULL.
    const { page_count: pages } = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db)).rows[0]!;
    await sql.raw(`pragma max_page_count = ${pages}`).execute(t.db);
    const full = await t.api.post('/api/blogs', { title: 'Full', content: `<p>${'word '.repeat(30_000)}</p>` });
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.json()).toEqual(UNAVAILABLE);
    const unhealthy = await t.app.inject({ url: '/api/health' });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toMatchObject({ reason: expect.stringMatching(/^a write was refused \d+ s ago: the disk holding the database is full$/) });

    await sql`pragma max_page_count = 1073741823`.execute(t.db);
    expect((await t.api.post('/api/counters', counter('Space again'))).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });
});

describe.runIf(postgresUrl)('an unwritable PostgreSQL database', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let t: FaultApp;
  const lost: string[] = [];
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
    // One connection kept open, so a session setting holds for every request.
    const db = createDb(
      { postgres: { connectionString: postgresUrl, options: `-c search_path=${schema}`, max: 1, idleTimeoutMillis: 0 } },
      { onConnectionLost: (error) => lost.push(error.message) },
    );
    t = await faultApp(db, async () => {
      await db.destroy();
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    });
  });
  afterAll(() => t.close());

  it('a read-only transaction (25006): writes answer 503 with Retry-After, health reports it, and all recovers', async () => {
    await sql`set default_transaction_read_only = on`.execute(t.db);
    const refused = await t.api.post('/api/counters', counter('Read-only'));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual(UNAVAILABLE);
    expect((await t.api.get('/api/counters')).statusCode).toBe(200);
    const unhealthy = await t.app.inject({ url: '/api/health' });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({ message: 'Service Unavailable', reason: 'the database is read-only' });

    await sql`set default_transaction_read_only = off`.execute(t.db);
    expect((await t.api.post('/api/counters', counter('Writable again'))).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('a lock held by another session: reads and writes answer 503 busy after about 2 s (lock_timeout), nothing is written', async () => {
    // They waited as long as the lock was held (database probe); SQLite's wait is as long (DATABASE_BUSY_WAIT_MS).
    const other = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table records in access exclusive mode');
      for (const request of [() => t.api.post('/api/counters', counter('Locked')), () => t.api.get('/api/counters')]) {
        const started = Date.now();
        const refused = await request();
        const ms = Date.now() - started;
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('2');
        expect(refused.json()).toEqual(BUSY);
        expect(ms).toBeGreaterThanOrEqual(DATABASE_BUSY_WAIT_MS - 100);
        expect(ms).toBeLessThan(DATABASE_BUSY_WAIT_MS + 2000);
      }
    } finally {
      await other.query('rollback');
      await other.end();
    }
    const labels = ((await t.api.get('/api/counters')).json() as { label: string }[]).map((record) => record.label);
    expect(labels).not.toContain('Locked');
    expect((await t.api.post('/api/counters', counter('Unlocked'))).statusCode).toBe(201);
  });

  it('the sessions serving requests have a statement timeout; migrations and re-indexing run on sessions without one', async () => {
    const setting = async (db: Kysely<Database>) => (await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(db)).rows[0]!.timeout;
    expect(await setting(t.db)).toBe(`${POSTGRES_STATEMENT_TIMEOUT_MS / 1000}s`);
    expect(await setting(unhurried(t.db))).toBe('0');
  });

  /** Ends a session of the server as PostgreSQL does when it restarts or is stopped, and waits until it is gone. */
  async function endSession(pid: number) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
      for (let tries = 0; (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount; tries++) {
        if (tries > 100) throw new Error(`session ${pid} did not end`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
    // The connection's socket brings the news a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sessionOf = async (db: Kysely<Database>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  it('an idle connection PostgreSQL ends (a restart, a stop) is replaced: the server goes on answering', async () => {
    expect((await t.api.post('/api/counters', counter('Before the restart'))).statusCode).toBe(201);
    lost.length = 0;
    // Unheard, the connection's 'error' event stopped the whole server (Node throws an event nobody listens to).
    await endSession(await sessionOf(t.db));
    expect(lost).toEqual(['terminating connection due to administrator command']);
    const after = await t.api.get('/api/counters');
    expect(after.statusCode).toBe(200);
    expect((after.json() as { label: string }[]).map((record) => record.label)).toContain('Before the restart');
    expect((await t.api.post('/api/counters', counter('After the restart'))).statusCode).toBe(201);
  });

  it('a connection ended inside a transaction: the transaction fails as the database being unavailable (503), and the next one runs', async () => {
    lost.length = 0;
    const failed = await t.db
      .transaction()
      .execute(async (trx) => {
        await endSession(await sessionOf(trx));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(storageFault(failed)).toEqual({ kind: 'unavailable', reason: 'the database server does not answer', unreachable: true });
    expect(lost).toEqual(['terminating connection due to administrator command']);
    expect((await t.api.get('/api/counters')).statusCode).toBe(200);
  });
});
