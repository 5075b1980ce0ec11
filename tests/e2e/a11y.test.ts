// Issue #2 §4: axe finds nothing on the sign-in page, the shell at both sizes and the dark theme.
// The same visits save the screenshots of the run (screenshots/, gitignored).
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backgroundLuminance,
  closeNotices,
  DESKTOP,
  expectNoAxeViolations,
  launchBrowser,
  mainMenu,
  openSession,
  pageHeading,
  PHONE,
  screenshot,
  signIn,
  startServer,
  themeToggle,
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

describe('accessibility', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`the sign-in page with its validation messages shown, at ${viewport.width}px`, async () => {
      session = await openSession(browser, server, viewport);
      const { page } = session;
      await page.goto('/login');
      await screenshot(page, 'login');
      const email = page.getByLabel('Email', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      await email.focus();
      await password.focus();
      await password.fill('short');
      await password.blur();
      await page.getByText('Email is required', { exact: true }).waitFor();
      await page.getByText('Password must be at least 8 characters long', { exact: true }).waitFor();
      await screenshot(page, 'login-invalid');
      await expectNoAxeViolations(page, `/login with validation errors at ${viewport.width}px`);
    });
  }

  it('the shell at 1280px', async () => {
    session = await openSession(browser, server, DESKTOP);
    const { page } = session;
    await signIn(session);
    await pageHeading(page).filter({ hasText: 'Hero Section' }).waitFor();
    // The shell at rest: the sign-in notice sits over the top of the page, below the header, until it closes.
    await closeNotices(page);
    await screenshot(page, 'shell');
    await expectNoAxeViolations(page, 'the shell at 1280px');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.locator('[data-state="collapsed"]').waitFor();
    await screenshot(page, 'shell-collapsed');
    await expectNoAxeViolations(page, 'the shell with the sidebar collapsed at 1280px');
  });

  it('the shell at 390px, with the menu closed and open', async () => {
    session = await openSession(browser, server, PHONE);
    const { page } = session;
    await signIn(session);
    await pageHeading(page).filter({ hasText: 'Hero Section' }).waitFor();
    await closeNotices(page);
    await screenshot(page, 'shell');
    await expectNoAxeViolations(page, 'the shell at 390px');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await mainMenu(page).waitFor({ state: 'visible' });
    await screenshot(page, 'shell-menu-open');
    await expectNoAxeViolations(page, 'the shell at 390px with the menu open');
  });

  it('the dark theme', async () => {
    session = await openSession(browser, server, DESKTOP);
    const { page } = session;
    await signIn(session);
    await themeToggle(page).click();
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.2);
    // A fresh load of another area: the scan covers the page at rest as well as with a notice.
    await page.goto('/dashboard/features');
    await pageHeading(page).filter({ hasText: 'Features Section' }).waitFor();
    await screenshot(page, 'shell-dark');
    await expectNoAxeViolations(page, 'the shell in the dark theme at 1280px');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mainMenu(page).waitFor({ state: 'visible' });
    await screenshot(page, 'shell-dark-menu-open');
    await expectNoAxeViolations(page, 'the shell in the dark theme at 390px with the menu open');
  });

  // The API's readable document (Swagger UI, server/plugins/docs-page-theme.ts), as a website's developer uses it: at
  // rest, an operation tried out by keyboard and answered, and the Authorize dialog.
  for (const viewport of [DESKTOP, PHONE]) {
    it(`the API document at /api/docs, an operation tried out and Authorize, at ${viewport.width}px`, async () => {
      session = await openSession(browser, server, viewport);
      const { page } = session;
      await page.goto('/api/docs');
      const operation = page.locator('#operations-public-publicBlogsList');
      await operation.waitFor();
      await expectNoAxeViolations(page, `/api/docs at ${viewport.width}px`);

      await operation.getByRole('button', { name: /\/api\/public\/blogs/ }).first().focus();
      await page.keyboard.press('Enter');
      await operation.getByRole('button', { name: 'Try it out' }).focus();
      await page.keyboard.press('Enter');
      await operation.getByRole('button', { name: 'Execute' }).focus();
      await page.keyboard.press('Enter');
      await operation.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).waitFor();
      await screenshot(page, 'api-docs-executed');
      await expectNoAxeViolations(page, `/api/docs with GET /api/public/blogs executed at ${viewport.width}px`);

      await page.getByRole('button', { name: 'Authorize' }).first().click();
      await page.getByRole('dialog').or(page.locator('.modal-ux')).first().waitFor();
      await expectNoAxeViolations(page, `/api/docs with the Authorize dialog at ${viewport.width}px`);
    });
  }
});
