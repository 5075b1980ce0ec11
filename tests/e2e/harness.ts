// End-to-end harness: the real server (`npm start` semantics) on a free port with a throwaway database, and
// system Chromium driven by playwright-core. Each test file gets its own server; each test its own context.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENSHOT_DIR = path.join(ROOT, 'screenshots');

// Known credentials for the seeded administrator (the server creates it on an empty database).
export const ADMIN = {
  email: 'e2e.admin@cornerstone.test',
  password: 'e2e-correct-horse-42',
  name: 'Erin Example',
} as const;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 800, height: 900 } as const; // below the 1025px breakpoint (SPEC §9)
export const PHONE = { width: 390, height: 844 } as const;

/**
 * How long one action or one wait may take. CI runs three files side by side on 2 CPUs, each with its own server and
 * Chromium: a sign-in there took more than 10 s (the run of 2026-11-26, in conflicts.test.ts, where two users sign in
 * at once), and a form waited more than 10 s for its record. A wait that ends early costs nothing; one cut short
 * fails a test that would have passed.
 */
export const WAIT_MS = 25_000;

/** Polls `read` until the assertion chained on it holds, for up to WAIT_MS. */
export const poll = <T>(read: () => T | Promise<T>, message?: string) => expect.poll(read, { timeout: WAIT_MS, message });

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not determine a free port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

// Starts `node scripts/start.mjs` with the console already built (see global-setup.ts).
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    LOGIN_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    SKIP_BUILD: 'true',
    ...extraEnv,
  };
  // A DATABASE_URL from the caller's shell would point the server at a shared database.
  delete env.DATABASE_URL;

  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  await stop();
  throw new Error(`the server did not answer /api/health within ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
}

// The example website (examples/website/server.mjs) on its own origin, reading the API at `apiUrl`. Start the API
// with WEBSITE_ORIGINS naming this origin (pick `port` with freePort() first) so the browser may call it.
export async function startWebsite(apiUrl: string, port: number): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'examples', 'website', 'server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, WEBSITE_PORT: String(port), WEBSITE_HOST: '127.0.0.1', CORNERSTONE_API_URL: apiUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-5_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]))) child.kill('SIGKILL');
    await exited(child);
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the example website exited early (code ${child.exitCode}):\n${output}`);
    const answered = await fetch(`${baseUrl}/config.js`).then((response) => response.ok, () => false);
    if (answered) return { baseUrl, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`the example website did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Viewport {
  width: number;
  height: number;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  // Absolute URL of an app path on this file's server.
  url: (pathname: string) => string;
  // The path part of the page's current URL.
  pathname: () => string;
}

// A fresh context per test: fresh localStorage, cookies and theme.
export async function openSession(
  browser: Browser,
  server: RunningServer,
  viewport: Viewport = DESKTOP,
  options: { colorScheme?: 'light' | 'dark'; storageState?: SignedInState; timezoneId?: string } = {},
): Promise<Session> {
  const context = await browser.newContext({
    viewport,
    baseURL: server.baseUrl,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    ...(options.timezoneId && { timezoneId: options.timezoneId }),
    ...(options.storageState && { storageState: options.storageState }),
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  const page = await context.newPage();
  return {
    context,
    page,
    url: (pathname) => new URL(pathname, server.baseUrl).toString(),
    pathname: () => new URL(page.url()).pathname,
  };
}

export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

const signedInStates = new WeakMap<RunningServer, Map<string, Promise<SignedInState>>>();

/**
 * What the browser holds once this user has signed in on this server (the token in localStorage, the cookies), from
 * one real sign-in per user and server: tests about something else start from it instead of signing in again (a
 * sign-in is a page load, a password check and a render: 3 s of a round trip's 23 s alone, more in CI).
 */
function signedInState(browser: Browser, server: RunningServer, credentials: { email: string; password: string }): Promise<SignedInState> {
  let states = signedInStates.get(server);
  if (!states) {
    states = new Map();
    signedInStates.set(server, states);
  }
  const kept = states.get(credentials.email);
  if (kept) return kept;
  const state = (async () => {
    const session = await openSession(browser, server);
    try {
      await signIn(session, credentials);
      return await session.context.storageState();
    } finally {
      await session.context.close();
    }
  })();
  states.set(credentials.email, state);
  // A failed sign-in is not kept: the next test tries again (and reports its own failure).
  state.catch(() => states.delete(credentials.email));
  return state;
}

/**
 * A fresh context already signed in (as the administrator unless told otherwise), on a blank page: the test goes where
 * it needs to. Contexts of the same user share one session (one token): a test that signs out or ends that session
 * must sign in for itself.
 */
export async function openSignedIn(
  browser: Browser,
  server: RunningServer,
  viewport: Viewport = DESKTOP,
  credentials: { email: string; password: string } = ADMIN,
  /** The browser's time zone (a Chromium context's timezoneId): the machine's when not given. */
  timezoneId?: string,
): Promise<Session> {
  return openSession(browser, server, viewport, { storageState: await signedInState(browser, server, credentials), timezoneId });
}

/** The API as a script calls it, signed in as `credentials`: `call` answers the JSON and fails the test on an error. */
export interface ScriptClient {
  /** `bearer`: another token than the client's own ('' for none). */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, bearer?: string): Promise<T>;
  token: string;
}

/** The CSRF pair, then the user's token, as a website or a script gets them (docs/api.md). */
export async function scriptClient(server: RunningServer, credentials: { email: string; password: string } = ADMIN): Promise<ScriptClient> {
  const answer = await fetch(`${server.baseUrl}/api/csrf`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')![1]!;
  let token = '';
  const call = async <T,>(method: string, path: string, body?: unknown, bearer = token): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf, ...(bearer && { authorization: `Bearer ${bearer}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  token = (await call<{ access_token: string }>('POST', '/api/login', credentials)).access_token;
  return { call, token };
}

/** Waits for the save of the record at `pathname` (a PUT) and answers its status. */
export function saveAnswer(page: Page, pathname: RegExp | string) {
  const matches = (path: string) => (typeof pathname === 'string' ? path === pathname : pathname.test(path));
  return page.waitForResponse((response) => response.request().method() === 'PUT' && matches(new URL(response.url()).pathname));
}

export async function readToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token')); // SPEC §3
}

// SPEC §8: error notices use the danger style, the others keep their names.
const NOTICE_CLASS = { success: 'success', error: 'danger', warning: 'warning', info: 'info' } as const;
export type NoticeType = keyof typeof NOTICE_CLASS;

export function notice(page: Page, title: string): Locator {
  return page.locator('.notification').filter({
    has: page.locator('.notification__title', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
  });
}

// Waits for the notice with this title and checks what the user reads and what a screen reader hears.
export async function expectNotice(
  page: Page,
  expected: { type: NoticeType; title: string; message: string },
): Promise<Locator> {
  const card = notice(page, expected.title).last();
  await card.waitFor({ state: 'visible' });
  expect((await card.locator('.notification__message').innerText()).trim()).toBe(expected.message);
  expect(await card.getAttribute('class')).toContain(`notification--${NOTICE_CLASS[expected.type]}`);
  const urgent = expected.type === 'error' || expected.type === 'warning';
  expect(await card.getAttribute('role')).toBe(urgent ? 'alert' : 'status');
  return card;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function waitForPath(session: Session, pathname: string, timeout = WAIT_MS): Promise<void> {
  await session.page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

// Signs in through the form, the way a user does, and waits for the shell.
export async function signIn(session: Session, credentials: { email: string; password: string } = ADMIN): Promise<void> {
  const { page } = session;
  if (session.pathname() !== '/login') await page.goto('/login');
  await fillSignIn(page, credentials.email, credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await waitForPath(session, '/dashboard');
  // The header's sidebar toggle exists at every width (the mobile menu itself is absent while closed).
  await sidebarToggle(page).waitFor();
}

// The header button that collapses/expands the sidebar (>= 1025px) or opens/closes the mobile menu.
export function sidebarToggle(page: Page): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: /^(Collapse sidebar|Expand sidebar|Open menu|Close menu)$/ });
}

// The header's light/dark switch (src/layout/ThemeToggle.tsx): "Dark mode", pressed when it is on.
export function themeToggle(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Dark mode', exact: true });
}

// Closes every open notice the way a user does, with its close button.
export async function closeNotices(page: Page): Promise<void> {
  const buttons = page.locator('.notification').getByRole('button', { name: 'Close notification' });
  // A notice may close by itself (SPEC §8 durations) between the count and the click: that is not a failure.
  for (let round = 0; round < 20 && (await buttons.count()) > 0; round++) {
    await buttons.first().click({ timeout: 2000 }).catch(() => undefined);
  }
}

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

// The page heading of the routed area (the placeholder's h1 until the area is built).
export function pageHeading(page: Page): Locator {
  return page.locator('#main-content').getByRole('heading', { level: 1 });
}

// Saves `screenshots/<name>-<width>.png` at the page's current viewport.
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  // Let transitions settle so the picture shows the resting state.
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// The accessibility bar of issue #2 §4.
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export function describeViolations(violations: Result[]): string {
  if (violations.length === 0) return 'no violations';
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\n/g, '\n        ');
          return `    - ${node.target.join(' ')}\n      ${node.html}\n        ${summary}`;
        })
        .join('\n');
      return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * The page at rest: waits until no CSS transition or finite animation has run for 300 ms (at most 3 s). A form that
 * enables once its record has loaded fades its labels in (MUI, 200 ms): axe measured one frame of that fade
 * (#7e7e7e, between the disabled and the enabled grey) and reported a contrast the page never keeps (CI, 2026-11-27);
 * once more (#787878, CI, 2026-11-29) when the fade began just after the animations running then had been waited for,
 * hence the quiet time. Endless animations (a spinner) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const QUIET_MS = 300;
    const deadline = performance.now() + 3000;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      // A frame first: style changes made just now start their transitions.
      await frame();
      const finite = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
      if (finite.length === 0) {
        if (performance.now() - quietSince >= QUIET_MS) return;
        continue;
      }
      await Promise.race([
        Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
      quietSince = performance.now();
    }
  });
}

/**
 * axe (WCAG 2.2 AA) finds nothing on the page, or only within `within` (CSS selectors): for a state that changes one
 * part of a page already scanned whole, such as an opened dialog or an expanded operation of the API document, whose
 * 2,000 other elements a second whole scan would only read again.
 */
export async function expectNoAxeViolations(page: Page, label: string, within?: readonly string[]): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of within ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  const violations = results.violations;
  expect(violations.length, `axe violations on ${label}:\n${describeViolations(violations)}`).toBe(0);
}

// Relative luminance of the page background (0 black … 1 white): what the user sees of the theme.
export async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const parse = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    let element: Element | null = document.querySelector('#main-content');
    while (element) {
      const [r = 0, g = 0, b = 0, a = 1] = parse(getComputedStyle(element).backgroundColor);
      if (a > 0) {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      }
      element = element.parentElement;
    }
    return 1; // nothing painted: the browser's white canvas
  });
}
