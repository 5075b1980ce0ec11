// json-server 0.17.4, the anchor, on the bench's 10,000 posts (db.json written by scripts/bench-seed.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, freePort, sleep, supervise } from './bench-server.mjs';

export async function startJsonServer(dbFile) {
  const port = await freePort();
  // Its own bin file, not npx: the pid is then json-server's, whose memory is measured.
  const bin = path.join(ROOT, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');
  const child = spawn(process.execPath, [bin, dbFile, '--port', String(port), '--host', '127.0.0.1', '--quiet'], {
    cwd: path.dirname(dbFile),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, peak, stop } = supervise(child, 5000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/posts?_limit=1`)).ok) return { baseUrl, stop, peakRss: peak };
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  await stop();
  throw new Error(`json-server did not start:\n${output()}`);
}
