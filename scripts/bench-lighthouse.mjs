// Lighthouse (12, its default mobile preset: a mid-range phone on a slow 4G link, simulated) on /login and on
// /dashboard signed in, with Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default). Issue #10's budgets:
// /login 100 with LCP ≤ 1.4 s and ≤ 100 KB of JavaScript and CSS transferred; /dashboard ≥ 90 with LCP ≤ 2.5 s.
// Chromium is started by playwright-core with a remote-debugging port, which Lighthouse drives. For /dashboard the
// console is signed in first through its own sign-in page (the token it keeps in localStorage, src/authProvider.ts);
// Lighthouse then keeps the storage (disableStorageReset) and the HTTP cache is emptied before each run instead, so
// every run loads the console cold, as after a first sign-in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './bench-bundle.mjs';
import { freePort } from './bench-server.mjs';


const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function figuresOf(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptAndStyleBytes = requests
    .filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    totalBytes: lhr.audits['total-byte-weight']?.numericValue ?? 0,
    scriptAndStyleBytes,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
  };
}

/** Median score, LCP and bytes of `runs` Lighthouse runs of `url`. */
async function audit(url, { port, runs, keepStorage, clearCache }) {
  const results = [];
  const run = async () =>
    (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage })).lhr;
  for (let i = 0; i < runs; i += 1) {
    if (clearCache) await clearCache();
    let lhr = await run();
    // Lighthouse's own recording sometimes misses the navigation's start (NO_NAVSTART, once in about twenty runs here,
    // 2 December 2026): that run measured nothing, so it is run again, once, with the cache emptied again.
    if (lhr.runtimeError?.code === 'NO_NAVSTART') {
      if (clearCache) await clearCache();
      lhr = await run();
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    results.push(figuresOf(lhr));
  }
  return {
    score: median(results.map((r) => r.score)),
    lcp: median(results.map((r) => r.lcp)),
    totalBytes: median(results.map((r) => r.totalBytes)),
    scriptAndStyleBytes: median(results.map((r) => r.scriptAndStyleBytes)),
    finalUrl: results.at(-1).finalUrl,
    runs: results,
  };
}

export async function measureLighthouse(baseUrl, admin, { runs = 3, log = console.log } = {}) {
  const port = await freePort();
  // A persistent context is the browser's default one, the one Lighthouse's tabs open in: they share its storage.
  const profile = mkdtempSync(path.join(tmpdir(), 'cornerstone-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    log(`\nLighthouse mobile, ${runs} run(s) each: /login`);
    const login = await audit(`${baseUrl}/login`, { port, runs, keepStorage: false });
    log(`  /login: score ${login.score}, LCP ${(login.lcp / 1000).toFixed(2)} s, JS+CSS ${(login.scriptAndStyleBytes / 1024).toFixed(1)} KB transferred`);

    // Sign in as a person would, in the browser Lighthouse then uses.
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.fill('input[name="email"]', admin.email);
    await page.fill('input[name="password"]', admin.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
    const session = await context.newCDPSession(page);
    const clearCache = () => session.send('Network.clearBrowserCache');
    log('  signed in; /dashboard');
    const dashboard = await audit(`${baseUrl}/dashboard`, { port, runs, keepStorage: true, clearCache });
    if (!/\/dashboard/.test(dashboard.finalUrl ?? '')) throw new Error(`Lighthouse ended on ${dashboard.finalUrl}, not the dashboard: not signed in`);
    log(`  /dashboard: score ${dashboard.score}, LCP ${(dashboard.lcp / 1000).toFixed(2)} s, ${(dashboard.totalBytes / 1024).toFixed(1)} KB transferred`);
    await page.close();
    return { login, dashboard };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
