// Compiles the API server (server/ and the schema/ it imports) into one ES module, dist-server/server.mjs, which
// `npm start` runs with plain Node: no TypeScript loader at start (issue #10). Packages stay in node_modules.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_BUNDLE = join(root, 'dist-server', 'server.mjs');
const SOURCES = ['server', 'schema', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether the bundle is missing or older than any of its sources. */
export function serverBundleStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const builtAt = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/**
 * Builds the bundle and its map. Each file is written under a temporary name and renamed into place, so servers
 * starting side by side (the browser tests start several) never load a half-written bundle.
 */
export async function buildServer() {
  const result = await build({
    write: false,
    absWorkingDir: root,
    entryPoints: ['server/server.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are loaded from node_modules as they are (native modules among them), not bundled.
    packages: 'external',
    // Stack traces in the server's log point at the TypeScript sources; the map never leaves the server.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  // The map first: a bundle in place always has its map.
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
