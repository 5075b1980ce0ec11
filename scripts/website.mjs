// `npm run website`: the console and API (as `npm start` runs them) and the example website beside them, each on
// its own origin, with the API allowing the website's origin (WEBSITE_ORIGINS). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT || '8080';
const sitePort = process.env.WEBSITE_PORT || '8090';
const apiUrl = `http://localhost:${apiPort}`;
const siteUrl = `http://localhost:${sitePort}`;
// A browser may reach the site as localhost or as 127.0.0.1: both are origins the API must allow.
const siteOrigins = [siteUrl, `http://127.0.0.1:${sitePort}`];
const origins = [...new Set([...(process.env.WEBSITE_ORIGINS ?? '').split(',').map((origin) => origin.trim()), ...siteOrigins])]
  .filter(Boolean)
  .join(',');

const children = [
  spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, WEBSITE_ORIGINS: origins },
  }),
  spawn(process.execPath, ['examples/website/server.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEBSITE_PORT: sitePort, CORNERSTONE_API_URL: process.env.CORNERSTONE_API_URL || apiUrl },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// Once both answer (the first start builds the console, which takes a while), say where they are.
const answers = (url) => fetch(url).then((response) => response.ok, () => false);
const deadline = Date.now() + 5 * 60_000;
while (!stopping && Date.now() < deadline) {
  if ((await answers(`${apiUrl}/api/health`)) && (await answers(`${siteUrl}/config.js`))) {
    console.log(`\n  Console and API:  ${apiUrl}\n  Example website:  ${siteUrl}\n\n  Ctrl+C stops both.\n`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
