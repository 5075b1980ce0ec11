// Builds the console once for the whole run; every test file's server then starts with SKIP_BUILD=true.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, ROOT } from './harness';

export default function setup(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  // E2E_SKIP_BUILD=true reuses an existing dist/ (handy when iterating on the tests alone).
  if (process.env.E2E_SKIP_BUILD === 'true' && existsSync(`${ROOT}/dist/index.html`)) return;
  // The build that ships: Vitest sets NODE_ENV=test, under which Vite bundles React's development build (twice the
  // size, slower to render, and not what users run).
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${String(result.status)}`);
}
