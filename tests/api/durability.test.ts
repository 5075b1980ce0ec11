// SIGKILL durability (issue #9, Proof): the real server (`node scripts/start.mjs`) on a SQLite data directory takes
// concurrent creates, is killed with SIGKILL mid-write, and restarts on the same directory; every create it
// acknowledged (201 with an id) must be there with exactly the values sent. docs/security.md, "Hostile input and
// durability".
//
// CI runs 5 rounds (about 30 s on 2 CPUs); DURABILITY_ROUNDS=25 runs more (`npm run bench` does). When
// DURABILITY_REPORT names a file, the figures are written there as JSON for the bench's table.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '../../schema/api';
import { normalizeDate } from '../../schema/dates';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Math.max(1, Number(process.env.DURABILITY_ROUNDS ?? 5));
const CLIENTS = 8;
const ADMIN = { email: 'durable@cornerstone.test', password: 'durability-password-1' };
const STARTUP_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

const running = new Set<ChildProcess>();

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `npm start` without a console build (the API answers without one), on `dataDir`. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-console'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: 'Durability',
    SEED_SAMPLE_CONTENT: 'false',
    LOGIN_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    SKIP_BUILD: 'true',
  };
  // A DATABASE_URL (or TEST_DATABASE_URL's) from the caller's shell would point the server elsewhere: this is SQLite.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
}

/** Signs the administrator in as the console does (SPEC §7: the CSRF cookie echoed in a header). */
async function signIn(baseUrl: string) {
  const first = await fetch(`${baseUrl}/api/csrf`);
  const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('no XSRF-TOKEN cookie from /api/csrf');
  const csrf = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': csrf },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { 'content-type': 'application/json', authorization: `Bearer ${token}`, cookie, 'x-xsrf-token': csrf };
}

interface Sent {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string[];
  status: 'draft';
  author: string;
  published_at: string;
}

// The words of a post's key are of one width each: a search finds records with words *starting* with the ones asked
// for, so "n1" would also find n10–n19 and n100–n199 (more than a page of them once a client wrote 200 posts).
const digits = (value: number, width: number) => String(value).padStart(width, '0');

function post(round: number, client: number, n: number): Sent {
  const key = `r${digits(round, 3)}-c${digits(client, 2)}-n${digits(n, 6)}`;
  return {
    title: `Durable post ${key} — ünïcode ✓`,
    slug: `durable-${key}`,
    excerpt: `Written by client ${client} in round ${round}, number ${n}.`,
    content: `<p>Body of ${key}.</p>`,
    tags: [`round-${round}`, `client-${client}`],
    status: 'draft',
    author: `Client ${client}`,
    published_at: `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
  };
}

const expected = (sent: Sent) => ({ ...sent, published_at: normalizeDate(sent.published_at) });

interface Round {
  acknowledged: { id: number; sent: Sent }[];
  attempted: number;
  loadMs: number;
}

/** CLIENTS concurrent writers for `loadMs`, then SIGKILL while they are still writing. */
async function writeThenKill(server: Server, round: number, loadMs: number): Promise<Round> {
  const headers = await signIn(server.baseUrl);
  const acknowledged: Round['acknowledged'] = [];
  let attempted = 0;
  let killed = false;
  const client = async (index: number) => {
    for (let n = 0; !killed; n += 1) {
      const sent = post(round, index, n);
      attempted += 1;
      try {
        const response = await fetch(`${server.baseUrl}/api/blogs`, { method: 'POST', headers, body: JSON.stringify(sent) });
        const text = await response.text();
        if (response.status !== 201) throw new Error(`POST /api/blogs answered ${response.status}: ${text}`);
        acknowledged.push({ id: (JSON.parse(text) as { id: number }).id, sent });
      } catch (error) {
        // After the kill, a request in flight fails without an answer: it was never acknowledged.
        if (killed) return;
        throw error;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  await sleep(loadMs);
  // On a busy machine the first answers may come late: the kill waits for one, so every round proves something.
  for (const deadline = Date.now() + 10_000; acknowledged.length === 0 && Date.now() < deadline; ) await sleep(20);
  killed = true;
  server.child.kill('SIGKILL');
  await Promise.all(clients);
  await exited(server.child);
  expect(server.child.signalCode).toBe('SIGKILL');
  return { acknowledged, attempted, loadMs };
}

/** Reads every acknowledged record back; answers the ones missing or different. */
async function verify(baseUrl: string, acknowledged: Round['acknowledged']) {
  const headers = await signIn(baseUrl);
  const problems: string[] = [];
  let next = 0;
  const reader = async () => {
    while (next < acknowledged.length) {
      const { id, sent } = acknowledged[next++]!;
      const response = await fetch(`${baseUrl}/api/blogs/${id}`, { headers });
      if (response.status !== 200) {
        problems.push(`#${id} (${sent.slug}): GET answered ${response.status}`);
        continue;
      }
      const stored = (await response.json()) as Record<string, unknown>;
      const want = expected(sent);
      const got = Object.fromEntries(Object.keys(want).map((key) => [key, stored[key]]));
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`#${id}: stored ${JSON.stringify(got)}, sent ${JSON.stringify(want)}`);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, reader));
  return problems;
}

/**
 * Searches each of these records by the words of its key (its full-text row is written in its create's transaction,
 * on SQLite just before the commit): answers the ones the search does not find.
 */
async function verifySearch(baseUrl: string, acknowledged: Round['acknowledged']) {
  const headers = await signIn(baseUrl);
  const problems: string[] = [];
  for (const { id, sent } of acknowledged) {
    const words = sent.slug.replace(/^durable-/, '').replaceAll('-', ' ');
    const filter = encodeURIComponent(JSON.stringify({ q: words }));
    const response = await fetch(`${baseUrl}/api/blogs?filter=${filter}&range=${encodeURIComponent('[0,99]')}`, { headers });
    const found = response.status === 200 ? ((await response.json()) as { id: number }[]).map((record) => record.id) : [];
    // Its words are no other post's, nor the start of another's: the search finds it alone.
    if (found.length !== 1 || found[0] !== id) problems.push(`#${id} (${words}): search answered ${response.status} with [${found.join(', ')}]`);
  }
  return problems;
}

afterAll(async () => {
  for (const child of running) {
    child.kill('SIGKILL');
    await exited(child);
  }
});

describe('SIGKILL durability (SQLite)', () => {
  it(
    `every acknowledged create survives a SIGKILL mid-write, over ${ROUNDS} rounds`,
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-durability-'));
      const report = { rounds: ROUNDS, clients: CLIENTS, acknowledged: 0, attempted: 0, lost: 0, changed: 0, perRound: [] as unknown[] };
      try {
        let server = await startServer(dataDir);
        const all: Round['acknowledged'] = [];
        for (let round = 1; round <= ROUNDS; round += 1) {
          // A random 0.3–1.5 s of writes, so the kill lands at a different point of a write each time.
          const loadMs = 300 + Math.floor(Math.random() * 1200);
          const result = await writeThenKill(server, round, loadMs);
          all.push(...result.acknowledged);
          // Restarting takes the data directory's lock again: the killed server's lock died with it.
          server = await startServer(dataDir);
          const problems = await verify(server.baseUrl, result.acknowledged);
          report.perRound.push({ round, loadMs, acknowledged: result.acknowledged.length, attempted: result.attempted, problems: problems.length });
          report.acknowledged += result.acknowledged.length;
          report.attempted += result.attempted;
          report.lost += problems.filter((problem) => problem.includes('GET answered')).length;
          report.changed += problems.filter((problem) => !problem.includes('GET answered')).length;
          expect(problems, `round ${round} (${loadMs} ms of writes, ${result.acknowledged.length} acknowledged)`).toEqual([]);
          expect(await verifySearch(server.baseUrl, result.acknowledged.filter((_, index) => index % 10 === 0)), `round ${round}: search`).toEqual([]);
          // The kill must have landed on a loaded server, or the round proves nothing.
          expect(result.acknowledged.length).toBeGreaterThan(0);
        }
        // Nothing acknowledged in an earlier round went missing later (a later recovery could have rolled it back).
        const headers = await signIn(server.baseUrl);
        const list = await fetch(`${server.baseUrl}/api/blogs?range=${encodeURIComponent('[0,0]')}`, { headers });
        expect(list.status).toBe(200);
        // Past LIST_COUNT_CAP records the total is sent as unknown (`*`, issue #10): more than 10,000, then.
        const total = list.headers.get('content-range')?.split('/')[1];
        expect(total).toMatch(/^(\d+|\*)$/);
        expect(total === '*' ? LIST_COUNT_CAP + 1 : Number(total)).toBeGreaterThanOrEqual(Math.min(all.length, LIST_COUNT_CAP + 1));
        expect(await verify(server.baseUrl, all.filter((_, index) => index % 10 === 0))).toEqual([]);
        // The full-text index holds a row for exactly the records stored: a word of every title finds them all.
        const searched = await fetch(`${server.baseUrl}/api/blogs?filter=${encodeURIComponent('{"q":"durable"}')}&range=${encodeURIComponent('[0,0]')}`, { headers });
        expect(searched.status).toBe(200);
        expect(searched.headers.get('content-range')?.split('/')[1]).toBe(total);
        server.child.kill('SIGTERM');
        await exited(server.child);
      } finally {
        if (process.env.DURABILITY_REPORT) writeFileSync(process.env.DURABILITY_REPORT, JSON.stringify(report, null, 2));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000 + ROUNDS * 15_000,
  );
});
