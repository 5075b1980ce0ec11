// Issue #2 §4: the shell of SPEC §2: page titles, breadcrumb, every menu item, the sidebar at both sizes, the theme.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  backgroundLuminance,
  DESKTOP,
  PHONE,
  escapeRegExp,
  mainMenu,
  notice,
  openSession,
  pageHeading,
  signIn,
  startServer,
  TABLET,
  waitForPath,
  launchBrowser,
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

// SPEC §2, "Side menu", in order; `parent` is the level above the item, which the breadcrumb shows before it.
const MENU_LINKS: ReadonlyArray<{ title: string; path: string; parent: string }> = [
  { title: 'Hero Section', path: '/dashboard', parent: 'Homepage' },
  { title: 'Features Section', path: '/dashboard/features', parent: 'Homepage' },
  { title: 'Testimonials', path: '/dashboard/testimonials', parent: 'Homepage' },
  { title: 'Partners Section', path: '/dashboard/partners', parent: 'Homepage' },
  { title: 'About Us Section', path: '/dashboard/about-us', parent: 'Website Management' },
  { title: 'Users Management', path: '/dashboard/users-management', parent: 'Website Management' },
  { title: 'Blog Posts', path: '/dashboard/blogs', parent: 'Content Management' },
  { title: 'Project Portfolio', path: '/dashboard/projects', parent: 'Content Management' },
  { title: 'Banners & Promotions', path: '/dashboard/banners', parent: 'Content Management' },
  { title: 'Job Postings', path: '/dashboard/careers', parent: 'Content Management' },
  { title: 'Contact Information', path: '/dashboard/contact-us', parent: 'Communications' },
  { title: 'Job Applications', path: '/dashboard/careers-form', parent: 'Forms' },
  { title: 'Project Form', path: '/dashboard/project-form', parent: 'Forms' },
  { title: 'Contact Form', path: '/dashboard/contact-us-form', parent: 'Forms' },
  { title: 'About Page (Full)', path: '/dashboard/about-page', parent: 'Company Pages' },
  { title: 'Privacy Policy', path: '/dashboard/privacy-policy', parent: 'Company Pages' },
  { title: 'SEO Management', path: '/dashboard/seo', parent: 'Website Tools' },
  { title: 'Counter Widgets', path: '/dashboard/counters', parent: 'Website Tools' },
  // Issue #9: the audit log, under Settings above Logout.
  { title: 'Audit Log', path: '/dashboard/audit-log', parent: 'Settings' },
];

const GROUPS = [
  'Website Management',
  'Content Management',
  'Communications',
  'Forms',
  'Company Pages',
  'Website Tools',
  'Settings',
];

// A menu link's accessible name: its title, then an unread count on the Forms links (issue #3).
const menuLinkName = (title: string) => new RegExp(`^${escapeRegExp(title)}( \\d+ unread)?$`);

const titleOf = (menuTitle: string) => `${menuTitle} | Cornerstone Dashboard`; // SPEC §2

async function expectTitle(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(title);
}

async function breadcrumbItems(page: Page): Promise<string[]> {
  const texts = await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').allInnerTexts();
  return texts.map((text) => text.trim()).filter((text) => text !== '');
}

async function expectBreadcrumb(page: Page, trail: string[]) {
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await breadcrumb.waitFor();
  await expect.poll(() => breadcrumbItems(page)).toEqual(trail);
  const current = breadcrumb.locator('[aria-current="page"]');
  expect((await current.innerText()).trim()).toBe(trail.at(-1));
}

// The desktop drawer carries data-state; the mobile one is not in the DOM while closed.
const desktopDrawer = (page: Page) => page.locator('[data-state]').filter({ has: mainMenu(page) });

async function openHomepageGroup(page: Page) {
  const homepage = mainMenu(page).getByRole('button', { name: 'Homepage' });
  if ((await homepage.getAttribute('aria-expanded')) !== 'true') await homepage.click();
}

describe('title and breadcrumb', () => {
  it('names the Hero Section on /dashboard and the Features Section on /dashboard/features', async () => {
    session = await openSession(browser, server, DESKTOP);
    const { page } = session;
    await signIn(session);
    await expectTitle(page, titleOf('Hero Section'));
    await expectBreadcrumb(page, ['Homepage', 'Hero Section']);

    await page.goto('/dashboard/features');
    await pageHeading(page).filter({ hasText: 'Features Section' }).waitFor();
    await expectTitle(page, titleOf('Features Section'));
    await expectBreadcrumb(page, ['Homepage', 'Features Section']);
  });
});

describe('the side menu', () => {
  it('lists the groups of SPEC §2 and reaches every area from its link', async () => {
    session = await openSession(browser, server, DESKTOP);
    const { page } = session;
    await signIn(session);
    const menu = mainMenu(page);
    for (const group of GROUPS) await menu.getByText(group, { exact: true }).first().waitFor();
    await openHomepageGroup(page);

    // Start elsewhere so that the first click (Hero Section) is a real navigation too.
    await menu.getByRole('link', { name: 'Counter Widgets', exact: true }).click();
    await waitForPath(session, '/dashboard/counters');

    for (const { title, path, parent } of MENU_LINKS) {
      // The Forms links add their unread count to the name ('Job Applications 2 unread').
      const link = menu.getByRole('link', { name: menuLinkName(title) });
      await link.click();
      // Once in CI (three browser test files on 2 CPUs) a click on a menu link led nowhere within 25 s; why was not
      // found (the run kept no picture). A person clicks again; so does the test, once, and the path must then follow.
      await waitForPath(session, path, 10_000).catch(async () => {
        await link.click();
        await waitForPath(session, path);
      });
      await pageHeading(page).filter({ hasText: title }).waitFor();
      expect((await pageHeading(page).innerText()).trim(), `h1 on ${path}`).toBe(title);
      // The keyboard's place moves from the link to the page it opened, as opening a record moves it.
      await expect.poll(() => pageHeading(page).evaluate((h1) => h1 === document.activeElement), { message: `focus on the h1 of ${path}` }).toBe(true);
      await expectTitle(page, titleOf(title));
      await expect.poll(() => link.getAttribute('aria-current'), { message: `active link on ${path}` }).toBe('page');
      expect(await menu.locator('[aria-current="page"]').count(), `one active link on ${path}`).toBe(1);
      // The breadcrumb shows the last two menu levels (SPEC §2).
      await expect.poll(() => breadcrumbItems(page)).toEqual([parent, title]);
    }
  });

  it('collapses and expands the desktop sidebar at 1280px and remembers the choice after a reload', async () => {
    session = await openSession(browser, server, DESKTOP);
    const { page } = session;
    await signIn(session);
    const drawer = desktopDrawer(page);
    await expect.poll(() => drawer.getAttribute('data-state')).toBe('expanded');
    const expandedWidth = (await mainMenu(page).boundingBox())?.width ?? 0;
    await mainMenu(page).getByText('Content Management', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => drawer.getAttribute('data-state')).toBe('collapsed');
    // Icons only: the group headings are gone, the items keep their names for assistive technology.
    await expect.poll(() => mainMenu(page).getByText('Content Management', { exact: true }).count()).toBe(0);
    await mainMenu(page).getByRole('link', { name: 'Blog Posts', exact: true }).waitFor();
    await expect.poll(async () => (await mainMenu(page).boundingBox())?.width ?? 0).toBeLessThan(expandedWidth);
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();

    await page.reload();
    await mainMenu(page).waitFor();
    await expect.poll(() => desktopDrawer(page).getAttribute('data-state')).toBe('collapsed');
    // The collapsed menu still navigates.
    await mainMenu(page).getByRole('link', { name: 'Blog Posts', exact: true }).click();
    await waitForPath(session, '/dashboard/blogs');
    await pageHeading(page).filter({ hasText: 'Blog Posts' }).waitFor();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => desktopDrawer(page).getAttribute('data-state')).toBe('expanded');
    await mainMenu(page).getByText('Content Management', { exact: true }).waitFor();
    await page.reload();
    await mainMenu(page).waitFor();
    await expect.poll(() => desktopDrawer(page).getAttribute('data-state')).toBe('expanded');
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
  });

  it('opens the sidebar as an overlay at 800px, closed by Escape, by the backdrop and by following a link', async () => {
    session = await openSession(browser, server, TABLET);
    const { page } = session;
    await signIn(session);
    // Closed at first: the overlay menu is not in the page.
    await expect.poll(() => mainMenu(page).count()).toBe(0);
    const openButton = page.getByRole('button', { name: 'Open menu' });

    await openButton.click();
    await mainMenu(page).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await mainMenu(page).waitFor({ state: 'detached' });

    await openButton.click();
    await mainMenu(page).waitFor({ state: 'visible' });
    // Once the drawer has slid in (its place read twice alike), a click on the dimmed area to the right of it: a
    // click during the slide, on a loaded machine, was lost.
    const place = async () => JSON.stringify(await mainMenu(page).boundingBox());
    await expect.poll(async () => (await place()) === (await new Promise((resolve) => setTimeout(resolve, 100)).then(place))).toBe(true);
    const menuBox = await mainMenu(page).boundingBox();
    const drawerRight = (menuBox?.x ?? 0) + (menuBox?.width ?? 0);
    expect(drawerRight).toBeLessThan(TABLET.width - 100);
    await page.mouse.click((drawerRight + TABLET.width) / 2, TABLET.height / 2);
    await mainMenu(page).waitFor({ state: 'detached' });

    await openButton.click();
    await mainMenu(page).getByRole('link', { name: 'Job Postings', exact: true }).click();
    await waitForPath(session, '/dashboard/careers');
    await mainMenu(page).waitFor({ state: 'detached' });
    await pageHeading(page).filter({ hasText: 'Job Postings' }).waitFor();
    await expect.poll(() => page.title()).toBe(titleOf('Job Postings'));
    // The closing menu gives the focus back to its button; the keyboard's place is still the page it opened.
    await expect.poll(() => pageHeading(page).evaluate((h1) => h1 === document.activeElement)).toBe(true);

    // By keyboard too, at a phone's width.
    await page.setViewportSize(PHONE);
    await openButton.focus();
    await page.keyboard.press('Enter');
    const link = mainMenu(page).getByRole('link', { name: 'Blog Posts', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await waitForPath(session, '/dashboard/blogs');
    await pageHeading(page).filter({ hasText: 'Blog Posts' }).waitFor();
    await expect.poll(() => pageHeading(page).evaluate((h1) => h1 === document.activeElement)).toBe(true);
  });
});

describe('the theme', () => {
  it('switches to dark with the light/dark toggle and keeps it across a reload and a new sign-in', async () => {
    session = await openSession(browser, server, DESKTOP);
    const { page } = session;
    await signIn(session);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.5);

    await themeToggle(page).click();
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.2);

    await page.reload();
    await mainMenu(page).waitFor();
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.2);

    await mainMenu(page).getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForPath(session, '/login');
    await signIn(session);
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.2);

    await themeToggle(page).click();
    await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.5);
  });
});

describe('the user menu', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`is used by keyboard above the sign-in notice: it opens on Sessions, the arrows reach Logout, and Sessions opens the sessions page, at ${viewport.width}px`, async () => {
      session = await openSession(browser, server, viewport);
      const { page } = session;
      await signIn(session);
      // The sign-in notice stays for seconds at the top right, where the menu opens: it covered Logout, focused.
      await notice(page, 'Login Successful').waitFor({ state: 'visible' });
      const profile = page.getByRole('banner').getByRole('button', { name: /^(.+, )?Profile$/ });
      // Where it shows the name, its accessible name starts with it (WCAG 2.5.3: "Profile" alone could not be said).
      expect(await profile.getAttribute('aria-label')).toBe(viewport === DESKTOP ? `${ADMIN.name}, Profile` : 'Profile');
      expect(await profile.getAttribute('aria-haspopup')).toBe('menu');
      expect(await profile.getAttribute('aria-expanded')).toBe('false');
      const button = (await profile.elementHandle())!;
      await profile.focus();
      await page.keyboard.press('Enter');
      const sessions = page.getByRole('menuitem', { name: 'Sessions', exact: true });
      const logout = page.getByRole('menuitem', { name: 'Logout', exact: true });
      await expect.poll(() => sessions.evaluate((item) => item === document.activeElement)).toBe(true);
      // The open menu hides the page behind it from the accessibility tree: the button is read by what it is.
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await notice(page, 'Login Successful').isVisible()).toBe(true);
      // What is drawn at the middle of each item is the item itself, not the notice.
      for (const item of [sessions, logout]) {
        expect(
          await item.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
          }),
        ).toBe(true);
      }
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => logout.evaluate((item) => item === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await waitForPath(session, '/dashboard/sessions');
      await pageHeading(page).filter({ hasText: 'Active sessions' }).waitFor();
    });
  }
});

describe('the skip link', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`is the first Tab stop, says "Skip to content" and takes the keyboard past the menu, at ${viewport.width}px`, async () => {
      session = await openSession(browser, server, viewport);
      const { page } = session;
      await signIn(session);
      await page.goto('/dashboard/features');
      await pageHeading(page).filter({ hasText: 'Features Section' }).waitFor();
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
      await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
      // Shown, with its words, inside the window (at 390 px it was an empty 16 px circle).
      await expect
        .poll(() => skip.evaluate((link) => { const box = link.getBoundingClientRect(); return box.top >= 0 && box.width > 100 && (link.textContent ?? '').trim(); }))
        .toBe('Skip to content');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
    });
  }
});

describe('the notification area', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`sits at the top right below the header, which keeps every header button reachable, at ${viewport.width}px`, async () => {
      session = await openSession(browser, server, viewport);
      const { page } = session;
      await signIn(session);
      const card = notice(page, 'Login Successful').last();
      await card.waitFor({ state: 'visible' });
      // Held open while it is measured: the pointer on it stops its timer.
      await card.hover();
      const place = await page.evaluate(() => {
        const header = document.querySelector('header')!.getBoundingClientRect();
        const box = document.querySelector('.notification')!.getBoundingClientRect();
        const covered = Array.from(document.querySelectorAll<HTMLElement>('header button'))
          .filter((button) => {
            const { left, top, width, height } = button.getBoundingClientRect();
            const hit = document.elementFromPoint(left + width / 2, top + height / 2);
            return !hit || !button.contains(hit);
          })
          .map((button) => button.getAttribute('aria-label') ?? button.textContent);
        return { belowHeader: box.top >= header.bottom, right: Math.round(window.innerWidth - box.right), covered };
      });
      // SPEC §1/§9: fixed at the top right (16 px from the edge, as above the header before).
      expect(place).toEqual({ belowHeader: true, right: 16, covered: [] });
    });
  }
});
