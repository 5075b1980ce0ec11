// Compares builds of the server on one kind of request, for a change too small for `npm run bench` to show on a
// machine whose speed drifts (docs/performance.md, eighth pass). Every build is served at once, each on its own copy
// of one seeded database; the load (autocannon, 20 connections) goes to each in turn in short bursts, so that a slow
// phase of the machine falls on all alike. Prints, per build, the median rate and server CPU time per request.
//
//   node scripts/build-server.mjs && cp dist-server/server.mjs /tmp/before.mjs   # (then change, build again)
//   node scripts/bench-ab.mjs update 16 /tmp/before.mjs dist-server/server.mjs
//
// Kinds: get, create, update (blogs); random-page (the console's list of posts, sorted, 25 from a random start): each
// the request `npm run bench` sends for it (scripts/bench-api.mjs's catalogue: a create's 2 KB of HTML with bold and
// italic words and two tags); website-page (the website's list of posts at a random page 1–800, as the bench asks);
// website-tag-page (the same, of the posts tagged safety: most of those pages are past the last).
// BENCH_AB_BURST: seconds per burst (2); BENCH_AB_RECORDS: per area (10,000); BENCH_AB_AREAS: the areas seeded,
// comma-separated (blogs; the bench seeds blogs,projects,contact-us-form). BENCH_AB_DATABASE_URLS: one address of that
// database per build, comma-separated, for the same build over two connections (a TCP port and a Unix socket).
// BENCH_AB_NODE_FLAGS: Node's flags per build, separated by `;` (`--max-semi-space-size=8;--max-semi-space-size=16`),
// for the same build under two settings of V8; each build runs with the start script's flags otherwise.
// BENCH_AB_COVERS: that many uploaded images (SQLite only), every post's cover one of them, as on a real blog (the
// bench's posts have none): what the website's answers read of their images (their sizes) is then measured too.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { catalogue } from './bench-api.mjs';
import { ROOT, signIn, startServer } from './bench-server.mjs';

const [kind, roundsText, ...bundles] = process.argv.slice(2);
const rounds = Number(roundsText);
if (!['get', 'create', 'update', 'random-page', 'website-page', 'website-tag-page'].includes(kind) || !(rounds > 0) || bundles.length < 2) {
  console.error('usage: node scripts/bench-ab.mjs get|create|update|random-page|website-page|website-tag-page <rounds> <bundle> <bundle> [bundle…]');
  process.exit(2);
}
const burst = Number(process.env.BENCH_AB_BURST ?? 2);
const records = Number(process.env.BENCH_AB_RECORDS ?? 10_000);

const work = mkdtempSync(path.join(tmpdir(), 'cornerstone-ab-'));
const seeded = path.join(work, 'seeded');
// Under tsx, as `npm run bench` seeds: the seeding uses the server's own models.
// BENCH_AB_DATABASE_URL (an empty PostgreSQL database): seeded once, and every build is served on it.
const databaseUrls = process.env.BENCH_AB_DATABASE_URLS?.split(',');
const databaseUrl = process.env.BENCH_AB_DATABASE_URL ?? databaseUrls?.[0];
if (databaseUrls && databaseUrls.length !== bundles.length) throw new Error('BENCH_AB_DATABASE_URLS: one address per build');
const nodeFlags = process.env.BENCH_AB_NODE_FLAGS?.split(';').map((flags) => flags.split(' ').filter(Boolean));
if (nodeFlags && nodeFlags.length !== bundles.length) throw new Error('BENCH_AB_NODE_FLAGS: one set of flags per build');
const seeding = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench-seed.mjs'), JSON.stringify({ ...(databaseUrl ? { databaseUrl } : { dataDir: seeded }), counts: Object.fromEntries((process.env.BENCH_AB_AREAS ?? 'blogs').split(',').map((area) => [area, records])) })], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (seeding.status !== 0) throw new Error(`seeding failed (exit ${seeding.status})`);
const covers = Number(process.env.BENCH_AB_COVERS ?? 0);
if (covers > 0) {
  if (databaseUrl) throw new Error('BENCH_AB_COVERS: SQLite only');
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(seeded, 'cornerstone.db'));
  // A PNG header of 1600 × 900 (all that is read of it), then its end.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000006400000038408020000000000000049454e44ae426082', 'hex');
  const insert = db.prepare(`insert into uploads (id, filename, mime, size, kind, data, sha256, created_at, created_by, width, height)
    values (?, 'cover.png', 'image/png', ?, 'image', ?, 'x', ?, null, 1600, 900)`);
  const ids = Array.from({ length: covers }, (_, n) => n.toString(16).padStart(32, '0'));
  for (const id of ids) insert.run(id, png.length, png, new Date().toISOString());
  const update = db.prepare(`update records set data = json_set(data, '$.cover_image', json(?)) where area = 'blogs' and id % ? = ?`);
  ids.forEach((id, n) => update.run(JSON.stringify({ src: `/api/uploads/${id}`, title: 'cover.png', mime: 'image/png', size: png.length }), covers, n));
  db.pragma('wal_checkpoint(truncate)');
  db.close();
}

/** CPU time (ms) the process has used: utime + stime from /proc, in clock ticks of 10 ms. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

// A file, not `node -e`: the server's checkpoint worker (eval'd CommonJS) would inherit --input-type=module.
const launcher = path.join(ROOT, 'dist-server', 'ab-launch.mjs');
writeFileSync(launcher, 'process.setSourceMapsEnabled(true);\nawait import(process.env.BUNDLE);\n');
const servers = [];
try {
  for (const [n, bundle] of bundles.entries()) {
    const dataDir = path.join(work, `db-${n}`);
    if (!databaseUrl) cpSync(seeded, dataDir, { recursive: true });
    // Beside the real bundle, so that it finds node_modules as the real one does.
    const copy = path.join(ROOT, 'dist-server', `ab-${n}.mjs`);
    copyFileSync(path.resolve(bundle), copy);
    const server = await startServer({ dataDir, databaseUrl: databaseUrls?.[n] ?? databaseUrl, script: launcher, env: { BUNDLE: copy }, ...(nodeFlags ? { nodeFlags: nodeFlags[n] } : {}) });
    const auth = await signIn(server);
    const label = [bundle, databaseUrls && `(${databaseUrls[n]})`, nodeFlags && `(${nodeFlags[n].join(' ')})`].filter(Boolean).join(' ');
    servers.push({ bundle: label, server, headers: auth.headers, bursts: [] });
  }
  // The posts are seeded first, so their ids run from 1 (as the bench's own seeding).
  const bench = catalogue({ total: records, ids: { blogs: [[1, records]] } });
  const benchEntry = bench.find((entry) => entry.key === { get: 'get', create: 'create', update: 'update', 'random-page': 'deep-random' }[kind]);
  const request = (server) => (req) => {
    if (kind === 'website-tag-page') return { ...req, path: `/api/public/blogs?tag=safety&page=${1 + Math.floor(Math.random() * 800)}` };
    if (kind === 'website-page') return { ...req, path: `/api/public/blogs?page=${1 + Math.floor(Math.random() * 800)}` };
    const { method = 'GET', path: requestPath, body } = benchEntry.make();
    return { ...req, method, path: requestPath, body, headers: server.headers };
  };
  for (let round = 0; round < rounds; round++) {
    // Each build first in turn: none always follows another's burst.
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    for (const server of order) {
      const before = cpuMs(server.server.pid);
      const result = await autocannon({ url: server.server.baseUrl, connections: 20, duration: burst, requests: [{ setupRequest: request(server) }] });
      if (result.non2xx || result.errors) console.error(`${server.bundle}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      server.bursts.push({ rate: result.requests.total / burst, p99: result.latency.p99, cpuUs: ((cpuMs(server.server.pid) - before) * 1000) / Math.max(1, result.requests.total) });
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const server of servers) {
    const rates = server.bursts.map((b) => b.rate);
    console.log(`${server.bundle}: ${kind} median ${Math.round(median(rates))}/s, ${Math.round(median(server.bursts.map((b) => b.cpuUs)))} µs of server CPU each, p99 ${median(server.bursts.map((b) => b.p99))} ms, peak memory ${Math.round((server.server.peakRss() ?? 0) / 1048576)} MB (bursts: ${rates.map(Math.round).join(' ')})`);
  }
} finally {
  for (const { server } of servers) {
    await server.stop();
    server.cleanUp();
  }
  rmSync(work, { recursive: true, force: true });
  for (const n of bundles.keys()) rmSync(path.join(ROOT, 'dist-server', `ab-${n}.mjs`), { force: true });
  rmSync(launcher, { force: true });
}
