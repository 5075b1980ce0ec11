// Issue #7: the example website (examples/website/) on its own origin reads what the console publishes and posts
// its forms into the console's inboxes, through the public API with WEBSITE_ORIGINS naming the site.
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../schema/api';
import { slugify } from '../../schema/slug';
import { PDF, PNG } from '../helpers/files';
import {
  closeNotices,
  DESKTOP,
  escapeRegExp,
  expectNoAxeViolations,
  freePort,
  launchBrowser,
  openSession,
  pageHeading,
  poll,
  PHONE,
  readToken,
  screenshot,
  signIn,
  startServer,
  startWebsite,
  type RunningServer,
  type Session,
  type Viewport,
} from './harness';

let server: RunningServer;
let site: RunningServer;
let browser: Browser;
let session: Session;

beforeAll(async () => {
  const sitePort = await freePort();
  [server, browser] = await Promise.all([
    startServer({ WEBSITE_ORIGINS: `http://127.0.0.1:${sitePort}` }),
    launchBrowser(),
  ]);
  site = await startWebsite(server.baseUrl, sitePort);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), server?.stop()]);
});

afterEach(async () => {
  await session?.context.close();
});

// A fresh context: a fresh HTTP cache too, so the site reads the API's current answers.
async function open(viewport: Viewport = DESKTOP): Promise<Page> {
  session = await openSession(browser, server, viewport);
  return session.page;
}

const siteUrl = (pathname: string) => new URL(pathname, site.baseUrl).toString();

function apiAnswer(page: Page, method: string, pathname: RegExp) {
  return page.waitForResponse((response) => response.request().method() === method && pathname.test(new URL(response.url()).pathname));
}

// <input type="datetime-local"> wants the browser's local time, which is this machine's.
function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface NewPost {
  title: string;
  status: 'Draft' | 'Published';
  publishAt?: Date;
  content: string;
  cover?: Buffer;
}

// Through the console's form, the way an editor does it.
async function createPost(page: Page, post: NewPost): Promise<void> {
  await page.goto('/dashboard/blogs/create');
  await pageHeading(page).filter({ hasText: 'New post' }).waitFor();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(post.title);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill(`Excerpt of ${post.title}`);
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(post.content);
  await page.getByRole('radio', { name: post.status, exact: true }).check();
  if (post.publishAt) await page.getByRole('textbox', { name: 'Publish date', exact: true }).fill(localDateTime(post.publishAt));
  if (post.cover) {
    const uploaded = apiAnswer(page, 'POST', /^\/api\/uploads$/);
    await page.getByRole('region', { name: 'In lists and search' }).locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: post.cover });
    expect((await uploaded).status()).toBeLessThan(300);
    await page.getByRole('button', { name: /^Replace / }).first().waitFor();
  }
  const saved = apiAnswer(page, 'POST', /^\/api\/blogs$/);
  await page.getByRole('button', { name: 'Create post', exact: true }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(201);
  await page.waitForURL(/\/dashboard\/blogs\/\d+$/);
}

// Through the admin API with the signed-in console's token: quicker than the form, for posts the site must hide.
async function createPostByApi(page: Page, post: NewPost): Promise<void> {
  const token = await readToken(page);
  const body = {
    title: post.title,
    content: `<p>${post.content}</p>`,
    status: post.status.toLowerCase(),
    published_at: post.publishAt?.toISOString() ?? null,
  };
  const status = await page.evaluate(
    async ({ body, token, cookie, header }) => {
      const csrf = document.cookie.split('; ').find((pair) => pair.startsWith(`${cookie}=`))?.slice(cookie.length + 1) ?? '';
      const response = await fetch('/api/blogs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, [header]: csrf },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { body, token, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
  expect(status, post.title).toBe(201);
}

// The home page's "Latest from the blog" section, once the API has answered.
function blogSection(page: Page) {
  return page.getByRole('region', { name: 'Latest from the blog' });
}

describe('the example website', () => {
  it('shows a post published in the console, but neither a draft nor one scheduled for later', async () => {
    const page = await open();
    await signIn(session);
    const published = { title: 'Topping Out at Oakwood Residences', status: 'Published', content: 'The last beam went up on Friday.', cover: PNG } as const;
    const draft = { title: 'Draft Notes on Lime Mortar', status: 'Draft', content: 'Not ready yet.' } as const;
    const scheduled = {
      title: 'Announcing Our Spring Open Day',
      status: 'Published',
      content: 'Coming soon.',
      publishAt: new Date(Date.now() + 30 * 24 * 3600_000),
    } as const;
    await createPost(page, published);
    for (const post of [draft, scheduled]) await createPostByApi(page, post);

    await page.goto(siteUrl('/'));
    const list = blogSection(page);
    const link = list.getByRole('link', { name: published.title, exact: true });
    await link.waitFor();
    // The seeded published posts are listed too; what the visitor may not see is not.
    await list.getByRole('link', { name: 'How We Cut Embodied Carbon by 30% at Riverside Offices', exact: true }).waitFor();
    for (const hidden of [draft, scheduled, { title: 'Renovating a Victorian Terrace: A Site Diary' }]) {
      expect(await list.getByText(hidden.title).count(), `${hidden.title} on the home page`).toBe(0);
    }
    // Its cover image, from the API's origin, loads on the site's.
    const cover = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: published.title, exact: true }) }).locator('img');
    await cover.scrollIntoViewIfNeeded(); // it loads lazily
    await poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 'cover image loaded').toBe(1);
    // Its size in pixels, from the API, holds its place before it loads (no layout shift).
    expect([await cover.getAttribute('width'), await cover.getAttribute('height')]).toEqual(['1', '1']);

    await link.click();
    await page.waitForURL((url) => url.pathname === '/post.html' && url.searchParams.get('slug') === slugify(published.title));
    await page.getByRole('heading', { level: 1, name: published.title }).waitFor();
    await page.getByRole('article').getByText(published.content, { exact: true }).waitFor();
    await poll(() => page.title()).toContain(published.title);

    for (const hidden of [draft, scheduled]) {
      await page.goto(siteUrl(`/post.html?slug=${slugify(hidden.title)}`));
      await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
      expect(await page.getByText(hidden.content).count()).toBe(0);
    }
  });

  it('sends a contact message that arrives unread in the console, after showing the per-field errors', async () => {
    const page = await open(PHONE);
    await page.goto(siteUrl('/#contact'));
    const form = page.locator('#contact-form');
    const email = form.getByRole('textbox', { name: 'Email', exact: true });
    const describedBy = () => email.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent);
    const send = form.getByRole('button', { name: 'Send message', exact: true });

    // Empty required fields are named before anything is sent.
    await send.click();
    await form.getByText('Please check the form for errors', { exact: true }).waitFor();
    await form.getByRole('link', { name: 'Subject is required', exact: true }).waitFor();
    await poll(describedBy).toBe('Error: Email is required');

    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nadia Brennan');
    await email.fill('nadia.brennan(at)example.com');
    await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('Loft conversion quote');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Could you quote for a loft conversion in Didsbury?');
    // The API's 400: its message for the field, next to the field.
    let sent = apiAnswer(page, 'POST', /^\/api\/public\/contact-us-form$/);
    await send.click();
    expect((await sent).status()).toBe(400);
    await poll(describedBy).toBe('Error: Email must be a valid email address');
    await poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('textbox', { name: 'Subject', exact: true }).getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'website-contact-errors');

    await email.fill('nadia.brennan@example.com');
    sent = apiAnswer(page, 'POST', /^\/api\/public\/contact-us-form$/);
    await send.click();
    expect((await sent).status()).toBe(201);
    await form.getByText(/^Thank you, your message has been sent/).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await email.inputValue()).toBe('');

    await page.setViewportSize(DESKTOP);
    await signIn(session);
    await page.goto('/dashboard/contact-us-form');
    await pageHeading(page).filter({ hasText: 'Contact Form' }).waitFor();
    const row = page.locator('#main-content').getByRole('row').filter({ has: page.getByRole('link', { name: 'Nadia Brennan', exact: true }) });
    await row.waitFor();
    await row.getByRole('img', { name: 'Unread', exact: true }).waitFor();
    await row.getByRole('link', { name: 'Nadia Brennan', exact: true }).click();
    await pageHeading(page).filter({ hasText: 'Nadia Brennan' }).waitFor();
    await page.locator('#main-content').getByText('Could you quote for a loft conversion in Didsbury?').waitFor();
  });

  it('sends a job application with a CV that the console opens and downloads', async () => {
    const page = await open();
    await page.goto(siteUrl('/'));
    await page.getByRole('region', { name: 'Open positions' }).getByRole('link', { name: 'Site Engineer', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/job.html');
    await page.getByRole('heading', { level: 1, name: 'Site Engineer' }).waitFor();
    const form = page.locator('#application-form');
    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Callum Reid');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('callum.reid@example.com');
    await form.getByRole('textbox', { name: /^Cover letter/ }).fill('Four years on residential sites around Leeds.');
    await form.getByLabel(/^CV/).setInputFiles({ name: 'callum-reid-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    const sent = apiAnswer(page, 'POST', /^\/api\/public\/careers-form$/);
    await form.getByRole('button', { name: 'Send application', exact: true }).click();
    const answer = await sent;
    expect(answer.status(), await answer.text()).toBe(201);
    await form.getByText(/^Thank you, your application has been sent/).waitFor();

    await signIn(session);
    await page.goto('/dashboard/careers-form');
    await pageHeading(page).filter({ hasText: 'Job Applications' }).waitFor();
    const row = page.locator('#main-content').getByRole('row').filter({ has: page.getByRole('link', { name: 'Callum Reid', exact: true }) });
    await row.getByRole('img', { name: 'Unread', exact: true }).waitFor();
    await row.getByRole('link', { name: 'Callum Reid', exact: true }).click();
    await pageHeading(page).filter({ hasText: 'Callum Reid' }).waitFor();
    const main = page.locator('#main-content');
    await main.getByText('Site Engineer', { exact: true }).waitFor();
    await main.getByText('Four years on residential sites around Leeds.').waitFor();

    await closeNotices(page);
    // The console asks for a short-lived link (POST …/link), then the browser downloads from it.
    const served = apiAnswer(page, 'GET', /^\/api\/uploads\/[^/]+$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Download CV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.equals(PDF)).toBe(true);
    expect((await served).headers()['content-type']).toBe('application/pdf');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`passes axe on the home, post and job pages (form errors shown), at ${viewport.width}px`, async () => {
      const page = await open(viewport);
      await page.goto(siteUrl('/'));
      await blogSection(page).getByRole('link').first().waitFor();
      const job = page.getByRole('region', { name: 'Open positions' }).getByRole('link', { name: 'Quantity Surveyor', exact: true });
      const jobHref = (await job.getAttribute('href')) ?? '';
      await page.getByRole('region', { name: 'Featured projects' }).getByRole('listitem').first().waitFor();
      await screenshot(page, 'website-home');
      await expectNoAxeViolations(page, `the example website's home page at ${viewport.width}px`);

      const post = blogSection(page).getByRole('link').first();
      const title = ((await post.textContent()) ?? '').trim();
      await post.click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${escapeRegExp(title)}$`) }).waitFor();
      await screenshot(page, 'website-post');
      await expectNoAxeViolations(page, `a post at ${viewport.width}px`);

      await page.goto(siteUrl(`/${jobHref}`));
      await page.getByRole('heading', { level: 1, name: 'Quantity Surveyor' }).waitFor();
      await page.getByRole('button', { name: 'Send application', exact: true }).click();
      await page.getByText('Please check the form for errors', { exact: true }).waitFor();
      await screenshot(page, 'website-job-errors');
      await expectNoAxeViolations(page, `a job page with form errors at ${viewport.width}px`);
    });
  }

  it('serves only the site: no file outside its folder, and the API address in /config.js', async () => {
    const config = await (await fetch(siteUrl('/config.js'))).text();
    expect(config).toContain(JSON.stringify(server.baseUrl));
    // Sent as written: fetch() would resolve the dots before asking.
    const status = (pathname: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        const { hostname, port } = new URL(site.baseUrl);
        get({ hostname, port, path: pathname }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).on('error', reject);
      });
    const unserved = ['/server.mjs', '/README.md', '/js/html.test.js', '/js/api-types.d.ts', '/../../package.json', '/%2e%2e/%2e%2e/package.json', '/js%2f..%2f..%2f..%2fpackage.json'];
    for (const pathname of unserved) {
      expect(await status(pathname), pathname).toBe(404);
    }
    expect(await status('/js/api.js')).toBe(200);
  });
});
