// What the bench's parts share: a free port, the real server on a given database, signing in, a plain-text table.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { email: 'bench@cornerstone.test', password: 'bench-password-123' };

/**
 * The V8 heap settings `npm start` gives the server (package.json's start script), so the bench measures the server
 * as it runs. docs/deploy.md ("Memory") says why they are there.
 */
export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start.match(/--max-[a-z-]+=\d+/g) ?? [];

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Peak resident memory of a process so far (Linux: VmHWM), in bytes; undefined elsewhere. */
export function peakRss(pid) {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A child process the bench measures: what it printed, its peak memory (kept after it ends), and a stop that asks it
 * to end (SIGTERM) and kills it after `graceMs`.
 */
export function supervise(child, graceMs) {
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let peak;
  return {
    output: () => output,
    peak: () => peakRss(child.pid) ?? peak,
    async stop() {
      peak = peakRss(child.pid) ?? peak;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]))) child.kill('SIGKILL');
    },
  };
}

/**
 * Starts the real server (scripts/start.mjs, the compiled API, no console build) on `dataDir` (kept), or on a
 * directory of its own (removed at stop), or on PostgreSQL (`databaseUrl`); `script` runs instead of
 * scripts/start.mjs (scripts/bench-ab.mjs: a given build of the server); `nodeFlags` replaces the start script's V8
 * flags (scripts/bench-ab.mjs BENCH_AB_NODE_FLAGS). `eventLoop()` reads what the server's EVENT_LOOP_REPORT file says
 * (server/start.ts), `closePhase()` ends a measuring phase there and answers its figures; `peakRss()` its peak memory.
 */
export async function startServer({ dataDir, databaseUrl, env: extra = {}, script = path.join(ROOT, 'scripts', 'start.mjs'), nodeFlags = SERVER_NODE_FLAGS } = {}) {
  const ownDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'cornerstone-bench-'));
  const reportDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-bench-loop-'));
  const eventLoopFile = path.join(reportDir, 'event-loop.json');
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: 'Bench',
    LOGIN_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    SKIP_BUILD: 'true',
    SEED_SAMPLE_CONTENT: 'false',
    EVENT_LOOP_REPORT: eventLoopFile,
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeFlags, script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const supervised = supervise(child, 15_000);
  const { output, peak } = supervised;
  const stop = async () => {
    await supervised.stop();
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  const eventLoop = () => {
    try {
      return JSON.parse(readFileSync(eventLoopFile, 'utf8'));
    } catch {
      return undefined;
    }
  };
  // SIGUSR2 closes a measuring phase (server/start.ts): once the server has counted it, `phase` holds the event loop's
  // figures since the previous close (or since listening), and the next phase has started.
  let phases = 0;
  const closePhase = async () => {
    child.kill('SIGUSR2');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const report = eventLoop();
      if (report?.phases > phases) {
        phases = report.phases;
        return report.phase;
      }
      await sleep(5);
    }
    throw new Error(`the server did not close its event-loop phase on SIGUSR2 (EVENT_LOOP_REPORT, server/start.ts):\n${output().slice(-2000)}`);
  };
  const cleanUp = () => rmSync(reportDir, { recursive: true, force: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        return {
          baseUrl,
          admin: ADMIN,
          pid: child.pid,
          dataDir: dir,
          startMs: performance.now() - started,
          output,
          stop,
          eventLoop,
          closePhase,
          cleanUp,
          peakRss: peak,
          hasReport: () => existsSync(eventLoopFile),
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  await stop();
  cleanUp();
  throw new Error(`the server did not start:\n${output()}`);
}

/** Signs in as the console does (SPEC §7: the XSRF-TOKEN cookie echoed in a header); headers for the admin API. */
export async function signIn(server) {
  const first = await fetch(`${server.baseUrl}/api/csrf`);
  const cookie = (first.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('XSRF-TOKEN=')) ?? '';
  const csrf = cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : '';
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    body: JSON.stringify(server.admin),
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': csrf },
  });
  if (!response.ok) throw new Error(`POST /api/login answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  const sessionCookies = (response.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]);
  const cookies = [cookie, ...sessionCookies].filter(Boolean).join('; ');
  return {
    token: body.access_token,
    cookie,
    csrf,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${body.access_token}`, cookie: cookies, 'x-xsrf-token': csrf },
  };
}

export function table(rows, headers) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}
