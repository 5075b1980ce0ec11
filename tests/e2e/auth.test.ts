// Issue #2 §4: routes, the guard, the sign-in form, sign-in, staying signed in, sign-out (SPEC §2, §4, §5, §8).
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../schema/api';
import {
  ADMIN,
  DESKTOP,
  expectNotice,
  fillSignIn,
  launchBrowser,
  mainMenu,
  notice,
  openSession,
  pageHeading,
  poll,
  readToken,
  sidebarToggle,
  signIn,
  startServer,
  waitForPath,
  type RunningServer,
  type Session,
} from './harness';

let server: RunningServer;
let browser: Browser;
let session: Session;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await session?.context.close();
});

const open = async () => {
  session = await openSession(browser, server, DESKTOP);
  return session;
};

describe('routing and the guard', () => {
  it('sends the empty path to the sign-in page', async () => {
    const { page } = await open();
    await page.goto('/');
    await waitForPath(session, '/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }).waitFor();
  });

  it('sends a visitor without a session from a guarded route to /login with a warning', async () => {
    const { page } = await open();
    await page.goto('/dashboard/blogs');
    await waitForPath(session, '/login');
    await expectNotice(page, {
      type: 'warning',
      title: 'Authentication Required',
      message: 'Please log in to access this page',
    });
    await page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }).waitFor();
    // The guard never showed the shell.
    expect(await mainMenu(page).count()).toBe(0);
  });
});

describe('the sign-in form', () => {
  it('shows the fields of SPEC §2 with Remember me checked and the 300px logo', async () => {
    const { page } = await open();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    const logo = page.getByRole('main').getByRole('img', { name: 'Cornerstone', exact: true });
    expect((await logo.boundingBox())?.width).toBe(300);
  });

  it('shows each validation message once the field is touched and keeps Sign In disabled while invalid', async () => {
    const { page } = await open();
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });

    // Untouched: no message yet, but the empty form cannot be sent.
    expect(await page.getByText('Email is required').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);

    await email.focus();
    await email.blur();
    await page.getByText('Email is required', { exact: true }).waitFor();

    await password.focus();
    await password.blur();
    await page.getByText('Password is required', { exact: true }).waitFor();

    await password.fill('short');
    await page.getByText('Password must be at least 8 characters long', { exact: true }).waitFor();
    expect(await page.getByText('Password is required', { exact: true }).count()).toBe(0);

    await email.fill(ADMIN.email);
    expect(await page.getByText('Email is required', { exact: true }).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(true);

    await password.fill('long enough');
    expect(await page.getByText('Password must be at least 8 characters long').count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
  });

  it('reveals and hides the password with the Show password toggle', async () => {
    const { page } = await open();
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('keeps the user on /login with an error notice after a wrong password', async () => {
    const { page } = await open();
    await page.goto('/login');
    await fillSignIn(page, ADMIN.email, 'not-the-right-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const card = await expectNotice(page, {
      type: 'error',
      title: 'Login Failed',
      message: 'Incorrect email or password.',
    });
    expect(session.pathname()).toBe('/login');
    expect(await readToken(page)).toBeNull();
    // The form is usable again for a second try.
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled()).toBe(true);
    // Errors never close on their own (SPEC §9); the user closes them.
    await card.getByRole('button', { name: 'Close notification' }).click();
    await card.waitFor({ state: 'detached' });
  });
});

// A failed sign-in sent from the button by keyboard left the focus on the page's body (the button was disabled while
// the request ran; an outside accessibility probe): the keyboard user had to start again from the top.
describe('the sign-in page by keyboard', () => {
  it('keeps the focus on Sign In through a failed sign-in sent with Enter on it', async () => {
    const { page } = await open();
    await page.goto('/login');
    await fillSignIn(page, ADMIN.email, 'not-the-right-password');
    const button = page.getByRole('button', { name: 'Sign In', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expectNotice(page, { type: 'error', title: 'Login Failed', message: 'Incorrect email or password.' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign In');
    expect(await button.getAttribute('aria-disabled')).toBeNull();
  });
});

// Issue #10: index.html holds the sign-in page drawn at build time (vite.config.ts), shown before the page's script
// has come. Here the script is held back, as a slow link would, while the visitor types.
describe('the sign-in page before its script has come', () => {
  const entryScript = /\/assets\/index-[\w-]+\.js$/;
  const holdEntryScript = async (page: import('playwright-core').Page) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(entryScript, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  };

  it('shows the form at once, cannot send it, and keeps what was typed and where once React draws it', async () => {
    const { page } = await open();
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' });
    await heading.waitFor();
    const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
    expect(await signInButton.isDisabled()).toBe(true);
    expect(await page.locator('[data-prerendered]').count()).toBe(1);
    await page.getByLabel('Email', { exact: true }).pressSequentially('admin@example.com');
    await page.getByLabel('Password', { exact: true }).pressSequentially('typed-early');
    await page.getByRole('checkbox', { name: 'Remember me' }).uncheck();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(session.pathname()).toBe('/login');
    release();
    // React's page has replaced the build's: the attribute is gone, the values and the focus are kept.
    await poll(() => page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('admin@example.com');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('typed-early');
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(false);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    // Nothing was sent while the script was held: the form now sends as usual.
    expect(await signInButton.isEnabled()).toBe(true);
  });

  it('is not shown to a signed-in visitor, whose console replaces it', async () => {
    const { page } = await open();
    await signIn(session);
    const release = await holdEntryScript(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.locator('[data-prerendered]').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: 'Sign in to your dashboard' }).isVisible()).toBe(false);
    release();
    await sidebarToggle(page).waitFor();
    expect(session.pathname()).toBe('/dashboard');
  });
});

describe('signing in and out', () => {
  it('signs in, greets the user by name, stores the token and lands on /dashboard', async () => {
    const { page } = await open();
    await page.goto('/login');
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session, '/dashboard');
    const card = await expectNotice(page, {
      type: 'success',
      title: 'Login Successful',
      message: `Welcome back, ${ADMIN.name}!`,
    });
    expect(await readToken(page)).toMatch(/\S/);
    await pageHeading(page).filter({ hasText: 'Hero Section' }).waitFor();
    // The header logo is 150px wide (SPEC §2).
    const headerLogo = page.getByRole('banner').getByRole('img', { name: 'Cornerstone dashboard home', exact: true });
    expect((await headerLogo.boundingBox())?.width).toBe(150);
    // The footer of SPEC §2.
    const year = new Date().getFullYear();
    await page.getByText(`© ${year} Cornerstone. All rights reserved.`).waitFor();
    await page.locator('footer').getByText('Built by').waitFor();
    await page.locator('footer').getByRole('link', { name: 'Cornerstone Digital' }).waitFor();
    // Success notices close by themselves after 5000 ms (SPEC §9).
    await page.mouse.move(0, DESKTOP.height - 1);
    await card.waitFor({ state: 'detached', timeout: 8_000 });
  });

  it('shows the Loading... overlay while a slow sign-in is in flight, and hides it after', async () => {
    const { page } = await open();
    // Hold the sign-in call well past the overlay's 200 ms delay.
    await page.route('**/api/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/login');
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: /^(Sign In|Signing in…)$/ }).click();
    const overlay = page.getByRole('status').filter({ hasText: 'Loading...' });
    await overlay.waitFor({ state: 'visible' });
    await waitForPath(session, '/dashboard');
    await overlay.waitFor({ state: 'detached' });
    await expectNotice(page, {
      type: 'success',
      title: 'Login Successful',
      message: `Welcome back, ${ADMIN.name}!`,
    });
  });

  // Sign In tapped offline: the console's script failed to come, the browser never asked for it again, and after the
  // next sign-in the page went blank for good (an outside probe of a phone losing signal).
  it("says so, with a Reload, when the console's script could not be downloaded, and the reload opens the console", async () => {
    const { page } = await open();
    const consoleScript = (url: URL) => /\/assets\/AdminApp-[\w-]+\.js$/.test(url.pathname);
    let refused = 0;
    await page.route(consoleScript, async (route) => {
      if (refused++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.goto('/login');
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session, '/dashboard');
    const reload = page.getByRole('button', { name: 'Reload', exact: true });
    await page
      .getByText('Part of the console could not be downloaded: the connection dropped while it loaded. Once you are back online, reload the page to go on.', { exact: true })
      .waitFor();
    await reload.click();
    await sidebarToggle(page).waitFor();
    expect(await reload.count()).toBe(0);
    await page.unroute(consoleScript);
  });

  it('keeps the user signed in across a reload', async () => {
    const { page } = await open();
    await signIn(session);
    await page.goto('/dashboard/features');
    await pageHeading(page).filter({ hasText: 'Features Section' }).waitFor();
    await page.reload();
    await pageHeading(page).filter({ hasText: 'Features Section' }).waitFor();
    expect(session.pathname()).toBe('/dashboard/features');
    expect(await notice(page, 'Authentication Required').count()).toBe(0);
  });

  // Issue #10: index.html asks for the console's chunk beside its own script when a token is stored (vite.config.ts),
  // under the Content-Security-Policy that allows that one inline script by its hash.
  it('fetches the console, who is signed in and the dashboard\'s record as the page opens when signed in, once, and nothing on the sign-in page', async () => {
    const { page, context } = await open();
    const consoleChunk = /\/assets\/AdminApp-[\w-]+\.js$/;
    const asked: string[] = [];
    let heroReads = 0;
    let identityReads = 0;
    const icons: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (consoleChunk.test(pathname)) asked.push(request.url());
      if (/favicon/.test(pathname)) icons.push(pathname);
      if (pathname === '/api/hero/1') heroReads += 1;
      if (pathname === '/api/me') identityReads += 1;
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { violations: string[] }).violations ??= [];
        (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
      });
    });
    // Chrome warns in the console about a script that failed, or a chunk fetched again.
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []);
    // The console's chunk, loaded by index.html's inline script as a module script of its own (vite.config.ts).
    const consoleScripts = () =>
      page.evaluate(() => [...document.querySelectorAll('script[type="module"][src]')].map((script) => script.getAttribute('src')).filter((src) => src?.includes('/AdminApp-')));

    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(await consoleScripts()).toEqual([]);

    await signIn(session);
    const headline = page.getByRole('textbox', { name: /^Headline/ });
    await poll(() => headline.inputValue()).not.toBe('');
    // As a browser that comes back later: nothing of the console in its memory or its HTTP cache.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    // Which scripts were running when the dashboard's record was asked for.
    const heroAskedFrom: string[][] = [];
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      if (new URL(request.url).pathname === '/api/hero/1') heroAskedFrom.push((initiator.stack?.callFrames ?? []).map((frame) => new URL(frame.url).pathname));
    });
    asked.length = 0;
    heroReads = 0;
    identityReads = 0;
    await page.reload();
    await sidebarToggle(page).waitFor();
    await page.waitForLoadState('networkidle');
    const started = await consoleScripts();
    expect(started).toHaveLength(1);
    expect(started[0]).toMatch(consoleChunk);
    // The console's own import took the module that script had loaded: one request for it, not two.
    expect(asked).toEqual([session.url(started[0]!)]);
    expect(await violations()).toEqual([]);
    // The dashboard's record and who is signed in, read as the page opened (src/earlyReads.ts), are what the form and
    // the header show: each read once.
    await poll(() => headline.inputValue()).not.toBe('');
    expect(heroReads).toBe(1);
    expect(identityReads).toBe(1);
    // By index.html's inline script as the page was parsed, not by the page's or the console's script.
    expect(heroAskedFrom).toEqual([['/dashboard']]);
    // The icon is in index.html itself (vite.config.ts inlineFavicon): no request of its own as the page opens.
    expect(await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href')?.slice(0, 19))).toBe('data:image/svg+xml,');
    expect(icons).toEqual([]);
    await page.waitForTimeout(3_500);
    expect(complaints).toEqual([]);
  });

  it('sends a signed-in user who opens /login back to /dashboard with an info notice', async () => {
    const { page } = await open();
    await signIn(session);
    await page.goto('/login');
    await waitForPath(session, '/dashboard');
    await expectNotice(page, {
      type: 'info',
      title: 'Already Authenticated',
      message: 'You are already logged in',
    });
    await pageHeading(page).filter({ hasText: 'Hero Section' }).waitFor();
  });

  it('signs out from the Logout menu item: back on /login, a goodbye notice, the token gone', async () => {
    const { page } = await open();
    await signIn(session);
    await mainMenu(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForPath(session, '/login');
    await expectNotice(page, {
      type: 'success',
      title: 'Goodbye',
      message: 'You have been logged out successfully',
    });
    await page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }).waitFor();
    expect(await readToken(page)).toBeNull();
    // The shell is closed again.
    await page.goto('/dashboard');
    await waitForPath(session, '/login');
    await expectNotice(page, {
      type: 'warning',
      title: 'Authentication Required',
      message: 'Please log in to access this page',
    });
  });
});

// Issue #8 item 1: a session that ends mid-work lands on /login (not /dashboard/login) with one warning, and signing
// in again reopens the page that was open.
describe('a session that ends mid-work', () => {
  const AUTH_REQUIRED = {
    type: 'warning',
    title: 'Authentication Required',
    message: 'Please log in to access this page',
  } as const;

  async function expectBackAfterSignIn(at: string): Promise<void> {
    const { page } = session;
    await waitForPath(session, '/login');
    expect(new URL(page.url()).search).toBe('');
    await expectNotice(page, AUTH_REQUIRED);
    expect(await notice(page, AUTH_REQUIRED.title).count()).toBe(1);
    expect(await readToken(page)).toBeNull();
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session, at);
    await expectNotice(page, { type: 'success', title: 'Login Successful', message: `Welcome back, ${ADMIN.name}!` });
  }

  it('a stale token: the first list call answers 401, and sign-in returns to that list', async () => {
    const { page } = await open();
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('access_token', 'stale-token-from-last-month'));
    await page.goto('/dashboard/testimonials');
    await expectBackAfterSignIn('/dashboard/testimonials');
    await pageHeading(page).filter({ hasText: 'Testimonials' }).waitFor();
  });

  it('a token revoked by signing out elsewhere: the next call answers 401, and sign-in returns to the edit page', async () => {
    const { page } = await open();
    await signIn(session);
    await page.goto('/dashboard/blogs');
    await pageHeading(page).filter({ hasText: 'Blog Posts' }).waitFor();
    // Another tab of the same browser signs out (with the token and the CSRF cookie it shares): the server forgets
    // this token, and this tab still holds it.
    const status = await page.evaluate(async ([cookieName, headerName]) => {
      const csrf = document.cookie.split('; ').find((pair) => pair.startsWith(`${cookieName}=`))?.slice(cookieName.length + 1);
      const answer = await fetch('/api/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, [headerName]: csrf ?? '' },
      });
      return answer.status;
    }, [CSRF_COOKIE, CSRF_HEADER] as const);
    expect(status).toBeLessThan(300);
    expect(await readToken(page)).toMatch(/\S/);
    await page.goto('/dashboard/contact-us');
    await expectBackAfterSignIn('/dashboard/contact-us');
    await pageHeading(page).filter({ hasText: 'Contact Information' }).waitFor();
  });

  it('an ordinary sign-in after that still goes to /dashboard (SPEC §4)', async () => {
    const { page } = await open();
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('access_token', 'stale'));
    await page.goto('/dashboard/partners');
    await waitForPath(session, '/login');
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session, '/dashboard/partners');
    await mainMenu(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForPath(session, '/login');
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session, '/dashboard');
  });
});
