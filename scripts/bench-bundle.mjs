// Issue #10: what the console costs to download, as the browser fetches it (compressed, headers included).
// measureDashboardTransfer() starts no server: give it the base URL of a running one and an admin's credentials.
// It opens /login in a fresh Chromium profile (empty cache), signs in through the form, waits for /dashboard to
// settle, and returns the bytes of JavaScript and CSS transferred
//   - by /login itself (document load until the network is quiet), and
//   - from the Sign In click until the first screen after sign-in has settled.
// Chunks the console prefetches once it is idle or a menu entry is hovered (src/resources/lazyViews.ts marks that
// moment with performance.mark('cornerstone:prefetch')) are reported apart, until they are over: they do not delay
// the first screen.
//
//   import { measureDashboardTransfer } from './scripts/bench-bundle.mjs';
//   const result = await measureDashboardTransfer({ baseUrl: 'http://127.0.0.1:8123', email, password });
//   result.login.jsCss, result.dashboard.jsCss, result.prefetched.jsCss   (bytes)
//
// Run alone: node scripts/bench-bundle.mjs <baseUrl> <email> <password>
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium and the flags every browser run of the project uses (scripts/bench-lighthouse.mjs too). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// The console's own mark for the first prefetch (idle or hover); everything fetched after it is ahead-of-need.
export const PREFETCH_MARK = 'cornerstone:prefetch';
// "Settled": no request in flight for this long (as Lighthouse and Playwright's networkidle, 500 ms).
const QUIET_MS = 500;
const SETTLE_TIMEOUT_MS = 30_000;
// How long the prefetch may take to begin (it waits for 3 s of quiet, then an idle moment), and the quiet that ends it.
const PREFETCH_TIMEOUT_MS = 15_000;
const PREFETCH_QUIET_MS = 2_000;

const kindOf = (type, url) => {
  if (type === 'Script' || /\.m?js(?:\?|$)/.test(url)) return 'js';
  if (type === 'Stylesheet' || /\.css(?:\?|$)/.test(url)) return 'css';
  return 'other';
};

// One CDP listener for the whole session: every request with its type and the bytes it took on the wire.
async function recordNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Cache off, so a second measurement in the same process sees what a first visit costs.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  let inFlight = 0;
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (!requests.has(requestId)) inFlight += 1;
    requests.set(requestId, { url: request.url, type, status: 0, transferred: 0, body: 0, encoding: '', done: false });
    touch();
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const entry = requests.get(requestId);
    if (!entry) return;
    entry.type = type;
    entry.status = response.status;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    entry.encoding = headers['content-encoding'] ?? '';
    entry.body = Number(headers['content-length'] ?? 0);
    touch();
  });
  const finish = ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (!entry || entry.done) return;
    entry.done = true;
    entry.transferred = encodedDataLength ?? 0;
    inFlight = Math.max(0, inFlight - 1);
    touch();
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', (event) => finish({ ...event, encodedDataLength: 0 }));

  return {
    // Every request seen so far, in order; slice from a length taken earlier to get one phase.
    all: () => [...requests.values()],
    // Quiet for quietMs, counted from this call at the earliest: a request about to start (a prefetch just marked)
    // is waited for.
    async settled(quietMs = QUIET_MS) {
      const started = Date.now();
      while (inFlight > 0 || Date.now() - Math.max(lastActivity, started) < quietMs) {
        if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`the network did not settle within ${SETTLE_TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function summarise(entries) {
  const files = entries
    .filter((entry) => entry.done)
    .map(({ url, type, status, transferred, body, encoding }) => ({
      path: new URL(url).pathname,
      kind: kindOf(type, url),
      status,
      transferred,
      body,
      encoding,
    }));
  const sum = (kind) => files.filter((file) => kind(file.kind)).reduce((total, file) => total + file.transferred, 0);
  return {
    js: sum((kind) => kind === 'js'),
    css: sum((kind) => kind === 'css'),
    jsCss: sum((kind) => kind !== 'other'),
    all: sum(() => true),
    requests: files.length,
    files,
  };
}

/**
 * @param {{ baseUrl: string, email: string, password: string,
 *           viewport?: { width: number, height: number }, browser?: import('playwright-core').Browser }} options
 *   viewport defaults to Lighthouse's mobile screen; pass `browser` to reuse one already launched.
 * @returns {Promise<{ login: Summary, dashboard: Summary, prefetched: Summary }>} where a Summary is
 *   { js, css, jsCss, all, requests, files: [{ path, kind, status, transferred, body, encoding }] }, bytes as
 *   transferred (CDP encodedDataLength: compressed body plus headers); `body` is the Content-Length sent.
 */
export async function measureDashboardTransfer({ baseUrl, email, password, viewport = { width: 412, height: 823 }, browser }) {
  const ownBrowser = browser ? undefined : await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await (browser ?? ownBrowser).newContext({ viewport, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const network = await recordNetwork(page);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await network.settled();
    const login = network.all();

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: SETTLE_TIMEOUT_MS });
    await page.locator('#main-content form').first().waitFor({ timeout: SETTLE_TIMEOUT_MS });
    await network.settled();
    // What the first screen fetched: everything up to its quiet. The console prefetches nothing before: it waits for
    // longer quiet than this (src/resources/lazyViews.ts SETTLED_AFTER_MS) and the phone-sized screen has no menu
    // entry under the pointer to hover.
    const firstScreen = network.all().slice(login.length);
    // Then the other areas' screens, one group per idle moment: wait for the console's mark, then for the groups to
    // be over (a longer quiet than a page's, since each group starts only after the one before has run).
    await page
      .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PREFETCH_MARK, { timeout: PREFETCH_TIMEOUT_MS })
      .catch(() => undefined);
    await network.settled(PREFETCH_QUIET_MS);
    const prefetched = network.all().slice(login.length + firstScreen.length);

    return { login: summarise(login), dashboard: summarise(firstScreen), prefetched: summarise(prefetched) };
  } finally {
    await context.close();
    await ownBrowser?.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, email, password] = process.argv.slice(2);
  if (!baseUrl || !email || !password) {
    console.error('usage: node scripts/bench-bundle.mjs <baseUrl> <email> <password>');
    process.exit(2);
  }
  const result = await measureDashboardTransfer({ baseUrl, email, password });
  for (const [phase, summary] of Object.entries(result)) {
    console.log(`${phase}: JS ${kb(summary.js)} + CSS ${kb(summary.css)} = ${kb(summary.jsCss)} (all ${kb(summary.all)}, ${summary.requests} requests)`);
    for (const file of summary.files.filter((f) => f.kind !== 'other')) {
      console.log(`  ${file.path}  ${kb(file.transferred)}  ${file.encoding || 'identity'}`);
    }
  }
}
