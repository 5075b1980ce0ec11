// `npm start`: build the console if it is missing or older than its sources, then run the API, which also
// serves the built console. One process, one port. The API runs compiled (dist-server/server.mjs, rebuilt here in
// well under a second whenever server/ or schema/ is newer, even with SKIP_BUILD): no TypeScript loader (issue #10).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_BUNDLE, buildServer, serverBundleStale } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;

// The project's .env, as .env.example says (it was never read: an outside operator's probe set DATABASE_URL there and
// got SQLite). What the environment already sets wins over the file.
const envFile = join(root, '.env');
if (existsSync(envFile)) {
  process.loadEnvFile(envFile);
  console.log(`Settings read from ${envFile} (the environment's own values win).`);
}
const built = join(root, 'dist', 'index.html');
const sources = ['src', 'schema', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

if (process.env.SKIP_BUILD !== 'true' && needsBuild()) {
  console.log('Building the console (first start or sources changed)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (serverBundleStale()) await buildServer();
// Stack traces in the log point at server/*.ts, not at the bundle.
process.setSourceMapsEnabled(true);
await import(SERVER_BUNDLE);
