// Issue #8 items 3 and 7: every screen of the 18 areas fits the window at five widths with images set (no horizontal
// overflow, the image's Remove button in view), nothing covers a list's controls on a phone, every list has the same
// create button in its page header, and every create, edit and show page has its way back to the list.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../schema/api';
import { areas } from '../../schema/areas';
import { fieldMax, type AreaDeclaration } from '../../schema/define';
import { PNG } from '../helpers/files';
import { closeNotices, launchBrowser, openSession, openSignedIn, screenshot, signIn, startServer, type RunningServer, type Session } from './harness';

const WIDTHS = [390, 768, 1280, 1440, 1920] as const;
const HEIGHT = 900;
// One test visits an area's screens (at most three) at every width: well above the default 60 s per test on a 2-CPU
// CI machine while other browser tests run.
const SCREENS_TIMEOUT_MS = 120_000;

// The image fields set on the first record of each area (galleries get several files).
const IMAGES: Record<string, { one?: string[]; many?: string[] }> = {
  hero: { one: ['background_image'] },
  'about-us': { one: ['image'] },
  'about-page': { many: ['team_images'] },
  blogs: { one: ['cover_image'] },
  projects: { one: ['cover_image'], many: ['gallery'] },
  banners: { one: ['image'] },
  partners: { one: ['logo'] },
  testimonials: { one: ['photo'] },
  seo: { one: ['share_image'] },
};

// The image inputs whose Remove button must be in view on the edit page (issue #8 item 3).
const REMOVE_BUTTONS: Record<string, string> = {
  blogs: 'Remove cover image',
  projects: 'Remove cover image',
  banners: 'Remove image',
  hero: 'Remove background image',
};

// Long words and long titles, as editors write them: they must wrap, not widen the page.
const LONG_TITLE =
  'Refurbishment of the Grade II listed Harbourside Warehouse into forty-two homes, a community hall and ' +
  'workshops — PhaseTwoNorthWingStructuralRepairsAndFacadeRestoration update';

// The areas whose records are named by a free text (SEO by a path, users by a person's name).
const TITLED = ['blogs', 'projects', 'banners', 'careers', 'features', 'testimonials', 'partners'];

// One value without a space, as long as its field takes (a pasted URL, a path, a keyboard held down): it breaks or is
// cut where it is shown; a list keeps to the window and its table to its box (a 250-character SEO path stretched the
// SEO table to 2,849 px at 1280 px and the page to 2,078 px at 390 px; an excerpt, the blog table to 4,505 px).
const unbroken = (length: number) => 'unbroken'.repeat(Math.ceil(length / 8)).slice(0, length);

interface Screen {
  area: AreaDeclaration;
  kind: 'list' | 'create' | 'edit' | 'singleton' | 'show';
  path: string;
}

let server: RunningServer;
let browser: Browser;
let screens: Screen[] = [];
// The first record of each collection and inbox: the one given images and a long title.
const firstIds = new Map<string, number>();

const collections = areas.filter((area) => area.kind === 'collection');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const session = await openSession(browser, server);
  try {
    await signIn(session);
    await setImagesAndLongTitles(session);
  } finally {
    await session.context.close();
  }
  screens = areas.flatMap((area): Screen[] => {
    const base = area.name === 'hero' ? '/dashboard' : `/dashboard/${area.name}`;
    if (area.kind === 'singleton') return [{ area, kind: 'singleton', path: base }];
    const id = firstIds.get(area.name);
    if (id === undefined) throw new Error(`no record in ${area.name}`);
    if (area.kind === 'inbox') return [{ area, kind: 'list', path: base }, { area, kind: 'show', path: `${base}/${id}/show` }];
    return [
      { area, kind: 'list', path: base },
      { area, kind: 'create', path: `${base}/create` },
      { area, kind: 'edit', path: `${base}/${id}` },
    ];
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Through the API, as the console would: one upload, then the first record of each area points at it.
async function setImagesAndLongTitles(session: Session): Promise<void> {
  const { context, page } = session;
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  const csrf = (await context.cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  const headers = { Authorization: `Bearer ${token ?? ''}`, [CSRF_HEADER]: csrf };
  const uploaded = await context.request.post('/api/uploads', {
    headers,
    multipart: { file: { name: 'site-photo-taken-on-the-north-elevation.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { src, title, mime, size } = (await uploaded.json()) as Record<string, unknown>;
  const image = { src, title, mime, size };

  for (const area of areas) {
    const read = await context.request.get(`/api/${area.name}`, { headers });
    expect(read.status(), `GET /api/${area.name}`).toBe(200);
    const [record] = (await read.json()) as Record<string, unknown>[];
    if (!record) throw new Error(`the sample content has no ${area.name} record`);
    firstIds.set(area.name, Number(record.id));
    const changes: Record<string, unknown> = {};
    for (const field of IMAGES[area.name]?.one ?? []) changes[field] = image;
    for (const field of IMAGES[area.name]?.many ?? []) changes[field] = [image, image, image, image, image];
    const titled = TITLED.includes(area.name) ? area.recordLabel : undefined;
    if (titled) changes[titled] = LONG_TITLE.slice(0, fieldMax(area, titled));
    if (Object.keys(changes).length === 0) continue;
    const etag = read.headers().etag;
    const saved = await context.request.put(`/api/${area.name}/${String(record.id)}`, {
      headers: { ...headers, ...(etag ? { 'If-Match': etag } : {}) },
      data: { ...record, ...changes },
    });
    expect(saved.status(), `PUT /api/${area.name}: ${await saved.text()}`).toBe(200);
  }

  for (const area of collections) await setUnbrokenValues(session, headers, area);
}

/**
 * The second record of a collection gets an unbroken value in every text field the API takes one in (a path must start
 * with '/'; an address, an email or a choice takes none) and an unbroken tag, so that its list, and the audit log
 * naming it, show them beside ordinary records.
 */
async function setUnbrokenValues(session: Session, headers: Record<string, string>, area: AreaDeclaration): Promise<void> {
  const { context } = session;
  const read = await context.request.get(`/api/${area.name}`, { headers });
  const [, second] = (await read.json()) as Record<string, unknown>[];
  if (!second) return;
  let record = second;
  let etag = (await context.request.get(`/api/${area.name}/${String(second.id)}`, { headers })).headers().etag;
  for (const name of Object.keys(area.schema.shape)) {
    const value = record[name];
    let candidates: unknown[];
    if (Array.isArray(value)) {
      candidates = name === 'tags' ? [[unbroken(50)]] : [];
    } else if (value === null || typeof value === 'string') {
      let max: number;
      try {
        max = fieldMax(area, name);
      } catch {
        continue;
      }
      candidates = [unbroken(max), `/${unbroken(max - 1)}`];
    } else {
      continue;
    }
    for (const candidate of candidates) {
      const saved = await context.request.put(`/api/${area.name}/${String(record.id)}`, {
        headers: { ...headers, ...(etag ? { 'If-Match': etag } : {}) },
        data: { ...record, [name]: candidate },
      });
      if (saved.status() !== 200) continue;
      record = (await saved.json()) as Record<string, unknown>;
      etag = saved.headers().etag;
      break;
    }
  }
}

// In-app navigation (what a click on a link does), so one page load serves every screen at a width.
// The page left behind must not be measured: its heading is marked, and the new screen is there when the heading is
// a new one (or, if React kept the element, when its text changed).
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (window.location.pathname === to) return;
    const heading = document.querySelector('#main-content h1');
    heading?.setAttribute('data-left-behind', heading.textContent ?? '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForFunction(() => {
    const heading = document.querySelector('#main-content h1');
    if (!heading) return false;
    const left = heading.getAttribute('data-left-behind');
    return left === null || left !== heading.textContent;
  });
  await settled(page);
}

// The screen has its heading and its data: no overlay, no skeleton, no spinner, images decoded, height steady.
async function settled(page: Page): Promise<void> {
  await page.locator('#main-content h1').first().waitFor();
  let last = '';
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(() => {
          const main = document.querySelector('#main-content');
          if (!main) return 'no main';
          const busy =
            document.querySelector('.loading-overlay') ||
            main.querySelector('.MuiSkeleton-root, .MuiCircularProgress-root, [aria-busy="true"]') ||
            Array.from(main.querySelectorAll('img')).some((img) => !img.complete);
          return busy ? 'busy' : `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`;
        });
        const steady = state !== 'busy' && state === last;
        last = state;
        return steady;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
}

const describeScreen = (screen: Screen, width: number) => `${screen.path} (${screen.area.name} ${screen.kind}) at ${width}px`;

// What one screen must be at one width.
async function checkScreen(page: Page, screen: Screen, width: number, createClasses: Map<string, string>, failures: string[]): Promise<void> {
  const label = describeScreen(screen, width);

  // Issue #8 item 3: nothing wider than the window, on any screen.
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (innerWidth !== width) failures.push(`${label}: the window is ${innerWidth}px wide`);
  if (scrollWidth > innerWidth) failures.push(`${label}: the page is ${scrollWidth}px wide in a ${innerWidth}px window`);
  if (screen.kind === 'list') await checkTableFits(page, label, width, failures);

  // The image's Remove button is within the window, not cut off on the right.
  const removeName = REMOVE_BUTTONS[screen.area.name];
  if (removeName && (screen.kind === 'edit' || screen.kind === 'singleton')) {
    const box = await page.locator('#main-content').getByRole('button', { name: removeName, exact: true }).boundingBox();
    if (!box) failures.push(`${label}: no '${removeName}' button`);
    else if (box.x < 0 || box.x + box.width > innerWidth) {
      failures.push(`${label}: '${removeName}' spans ${Math.round(box.x)}–${Math.round(box.x + box.width)}px, outside the window`);
    }
  }

  // Issue #8 item 7: one create button per collection list, named 'New <item>', styled alike, in the header.
  if (screen.kind === 'list') await checkCreateButton(page, screen, label, createClasses, failures);
  // Issue #8 item 7: the way back from a create, edit or show page.
  if (screen.kind === 'create' || screen.kind === 'edit' || screen.kind === 'show') await checkBackLink(page, screen, label, failures);
  // Issue #8 item 7: on a phone, nothing floats over a list's controls.
  if (screen.kind === 'list' && width === 390) await checkUncovered(page, label, failures);
  // On a phone a form's toolbar is fixed to the window's bottom: the page ends with room for it, so that the footer's
  // link can be seen and reached (it lay under Save for good: a keyboard probe, WCAG 2.4.11).
  if (width === 390 && screen.kind !== 'list' && screen.kind !== 'show') await checkFooterUncovered(page, label, failures);

  if ((width === 390 || width === 1280) && ['/dashboard/seo', '/dashboard/users-management', '/dashboard/blogs', '/dashboard/careers'].includes(screen.path)) {
    await screenshot(page, `layout-${screen.area.name}-list`);
  }
  if ((width === 390 || width === 1280) && screen.area.name === 'blogs' && screen.kind === 'edit') {
    await screenshot(page, 'layout-blogs-edit-cover');
  }
}

// One signed-in page visits every screen once (in-app navigation) and checks it at each width by resizing the window,
// as a person turning a tablet or widening a window would. The widths run up on one screen and down on the next, so
// half the screens first render at the narrowest width and half at the widest. (Five page loads per screen, one per
// width, took 552 s of a CI run's browser-test time; this takes about a fifth of it.)
describe('layout at five widths, with images set', () => {
  let session: Session | undefined;
  // Per width, each collection list's create button classes: every list's button must look the same.
  const createClasses = new Map<number, Map<string, string>>(WIDTHS.map((width) => [width, new Map<string, string>()]));
  let visited = 0;

  beforeAll(async () => {
    session = await openSignedIn(browser, server, { width: WIDTHS[0], height: HEIGHT });
    await session.page.goto(session.url('/dashboard'));
    // The welcome notice is not what this test is about; it would sit over the first list's toolbar.
    await closeNotices(session.page);
  });

  afterAll(async () => {
    await session?.context.close();
  });

  for (const area of areas) {
    it(`${area.label}: no screen is wider than the window at ${WIDTHS.join(', ')}px; controls in view and uncovered`, async () => {
      if (!session) throw new Error('no signed-in page');
      const { page } = session;
      const failures: string[] = [];
      for (const screen of screens.filter((candidate) => candidate.area === area)) {
        await visit(page, screen.path);
        const widths = visited++ % 2 === 0 ? WIDTHS : [...WIDTHS].reverse();
        for (const width of widths) {
          if (page.viewportSize()?.width !== width) {
            await page.setViewportSize({ width, height: HEIGHT });
            await settled(page);
          }
          await checkScreen(page, screen, width, createClasses.get(width) ?? new Map(), failures);
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    }, SCREENS_TIMEOUT_MS);
  }

  // The audit log names the records changed above by their unbroken titles and paths ("Created · Job Postings: …").
  it(`the audit log: no wider than the window at ${WIDTHS.join(', ')}px, its table in its box`, async () => {
    if (!session) throw new Error('no signed-in page');
    const { page } = session;
    const failures: string[] = [];
    await visit(page, '/dashboard/audit-log');
    for (const width of WIDTHS) {
      if (page.viewportSize()?.width !== width) {
        await page.setViewportSize({ width, height: HEIGHT });
        await settled(page);
      }
      const label = `/dashboard/audit-log at ${width}px`;
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) failures.push(`${label}: the page is ${scrollWidth}px wide in a ${width}px window`);
      await checkTableFits(page, label, width, failures);
      if (width === 390 || width === 1280) await screenshot(page, 'layout-audit-log');
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, SCREENS_TIMEOUT_MS);

  it('every list has the same create button at each width', () => {
    for (const [width, classes] of createClasses) {
      // Every list's create button looks the same: one set of classes.
      expect(new Set(classes.values()).size, `${width}px:\n${[...classes].map(([area, names]) => `${area}: ${names}`).join('\n')}`).toBe(1);
      expect(classes.size, `${width}px`).toBe(collections.length);
    }
  });
});

// From 1280 px a list's table keeps to its box: no row's long value pushes the other columns (status, dates, actions)
// out of view, to be scrolled to inside the table. Narrower, a table with more columns than room may scroll (theme.ts).
const TABLE_FITS_FROM = 1280;

async function checkTableFits(page: Page, label: string, width: number, failures: string[]): Promise<void> {
  if (width < TABLE_FITS_FROM) return;
  const sizes = await page.evaluate(() => {
    const wrapper = document.querySelector('#main-content .RaDataTable-tableWrapper');
    const table = wrapper?.querySelector('table');
    return wrapper && table ? { box: wrapper.clientWidth, table: Math.round(table.getBoundingClientRect().width) } : null;
  });
  if (sizes && sizes.table > sizes.box) failures.push(`${label}: the table is ${sizes.table}px wide in its ${sizes.box}px box`);
}

async function checkCreateButton(page: Page, screen: Screen, label: string, classes: Map<string, string>, failures: string[]): Promise<void> {
  const main = page.locator('#main-content');
  const toCreate = main.locator(`a[href="/dashboard/${screen.area.name}/create"], button:has-text("Create")`);
  const floating = await page.locator('.MuiFab-root').count();
  if (floating > 0) failures.push(`${label}: a floating button`);
  if (screen.area.kind !== 'collection') {
    if ((await toCreate.count()) > 0) failures.push(`${label}: an inbox offers to create a submission`);
    return;
  }
  const name = `New ${screen.area.itemLabel ?? '?'}`;
  if ((await toCreate.count()) !== 1) {
    failures.push(`${label}: ${await toCreate.count()} create buttons (expected one, '${name}')`);
    return;
  }
  const button = main.getByRole('link', { name, exact: true });
  if ((await button.count()) !== 1) {
    failures.push(`${label}: the create button is named '${(await toCreate.innerText()).trim()}', not '${name}'`);
    return;
  }
  if ((await button.innerText()).trim() !== name) failures.push(`${label}: the create button reads '${(await button.innerText()).trim()}', not '${name}'`);
  classes.set(screen.area.name, (await button.getAttribute('class')) ?? '');
  // In the page header: beside or under the heading, above the list.
  const [heading, list, box] = await Promise.all([
    main.locator('h1').first().boundingBox(),
    main.locator('.RaList-main, .RaList-noResults, .RaList-empty').first().boundingBox(),
    button.boundingBox(),
  ]);
  if (!heading || !box || (list && box.y >= list.y) || box.y + box.height < heading.y) {
    failures.push(`${label}: the create button is not in the page header`);
  }
}

async function checkBackLink(page: Page, screen: Screen, label: string, failures: string[]): Promise<void> {
  const main = page.locator('#main-content');
  const back = main.getByRole('link', { name: screen.area.label, exact: true });
  const list = screen.area.name === 'hero' ? '/dashboard' : `/dashboard/${screen.area.name}`;
  if ((await back.count()) !== 1 || (await back.getAttribute('href')) !== list) {
    failures.push(`${label}: no link back to ${screen.area.label} (${list})`);
    return;
  }
  const [heading, box] = await Promise.all([main.locator('h1').first().boundingBox(), back.boundingBox()]);
  if (!heading || !box || box.y > heading.y) failures.push(`${label}: the link back is not above the heading`);
}

// Scrolled to the end of the page, where a user finds the pagination, the controls at the end of the list (its last
// row's buttons, the pagination arrows) are what the element at their centre says: themselves, not something fixed
// over them. A window's height of room above the page makes it scroll, as a list long enough would.
async function checkFooterUncovered(page: Page, label: string, failures: string[]): Promise<void> {
  const problem = await page.evaluate(() => {
    const link = document.querySelector<HTMLElement>('footer a[href]');
    if (!link) return 'no footer link';
    window.scrollTo(0, document.documentElement.scrollHeight);
    const box = link.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    window.scrollTo(0, 0);
    if (hit && (hit === link || link.contains(hit))) return undefined;
    return `the footer's link is covered by ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).split(' ').slice(0, 2).join('.')}` : 'nothing'}`;
  });
  if (problem) failures.push(`${label}: ${problem}`);
}

async function checkUncovered(page: Page, label: string, failures: string[]): Promise<void> {
  const covered = await page.evaluate(() => {
    const list = document.querySelector('#main-content .RaList-main');
    if (!list) return ['no list'];
    document.body.style.paddingTop = `${window.innerHeight}px`;
    window.scrollTo(0, document.documentElement.scrollHeight);
    const controls = Array.from(list.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')).filter(
      (element) => element.getClientRects().length > 0,
    );
    const pagination = controls.filter((element) => element.closest('.MuiTablePagination-actions'));
    const ends = [...new Set([...controls.slice(-6), ...pagination])];
    const problems: string[] = [];
    // Rows taller than a window's share (a title of 200 characters without a space, wrapped) push the first of the
    // last six up, past the fixed header: scrolled past, not at the end of the page.
    const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    for (const control of ends) {
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < headerBottom) continue;
      if (y > window.innerHeight) {
        problems.push(`'${control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''}' is out of reach at the end of the page`);
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      // A disabled button takes no pointer events: its own ancestors then answer, and nothing lies over it.
      if (!hit || !(hit === control || control.contains(hit) || hit.contains(control))) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        const by = hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).split(' ').slice(0, 2).join('.')}` : 'nothing';
        problems.push(`'${name}' is covered by ${by}`);
      }
    }
    document.body.style.paddingTop = '';
    window.scrollTo(0, 0);
    return problems;
  });
  for (const problem of covered) failures.push(`${label}: ${problem}`);
}
