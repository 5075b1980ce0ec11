// Issue #8 item 2: two administrators in two browser contexts edit the same post, the same singleton and the same
// user, and no change is lost. Before, both saw "Changes saved" and the first save was silently undone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DESKTOP, escapeRegExp, launchBrowser, openSignedIn, pageHeading, poll, saveAnswer, scriptClient, startServer, type RunningServer, type ScriptClient, type Session } from './harness';

const DANA = { name: 'Dana Second', email: 'dana.second@cornerstone.test', password: 'dana-correct-horse-7' };

let server: RunningServer;
let browser: Browser;
let sessions: Session[] = [];
let call: ScriptClient['call'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // The API as a script would call it, as the administrator.
  ({ call } = await scriptClient(server));
  await call('POST', '/api/users-management', { ...DANA, current_password: ADMIN.password });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.context.close()));
  sessions = [];
});

/** Erin (the seeded administrator) and Dana, each in a browser context of their own, both on `path`. */
async function twoAdministrators(path: string, ready: (page: Page) => Promise<void>): Promise<[Page, Page]> {
  const [erin, dana] = await Promise.all([openSignedIn(browser, server, DESKTOP), openSignedIn(browser, server, DESKTOP, DANA)]);
  sessions.push(erin, dana);
  for (const session of [erin, dana]) {
    await session.page.goto(path);
    await ready(session.page);
  }
  return [erin.page, dana.page];
}

async function save(page: Page, pathname: RegExp): Promise<number> {
  const answer = saveAnswer(page, pathname);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return (await answer).status();
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'Someone else changed this record' });

describe('the same blog post in two browsers', () => {
  const postPath = /^\/api\/blogs\/\d+$/;
  const openPost = async (id: number) =>
    twoAdministrators(`/dashboard/blogs/${id}`, async (page) => {
      await poll(() => textbox(page, 'Title').inputValue()).not.toBe('');
    });

  it('keeps the title changed in one and the excerpt changed in the other, without asking', async () => {
    const post = await call<{ id: number }>('POST', '/api/blogs', { title: 'Post 47', excerpt: 'First excerpt' });
    const [erin, dana] = await openPost(post.id);
    await textbox(erin, 'Title').fill('Post 47, retitled by Erin');
    expect(await save(erin, postPath)).toBe(200);
    await textbox(dana, 'Excerpt').fill('Excerpt by Dana');
    expect(await save(dana, postPath)).toBe(200);
    expect(await conflictDialog(dana).count()).toBe(0);

    await dana.goto(`/dashboard/blogs/${post.id}`);
    await poll(() => textbox(dana, 'Title').inputValue()).toBe('Post 47, retitled by Erin');
    expect(await textbox(dana, 'Excerpt').inputValue()).toBe('Excerpt by Dana');
    expect(await call('GET', `/api/blogs/${post.id}`)).toMatchObject({ title: 'Post 47, retitled by Erin', excerpt: 'Excerpt by Dana', version: 3 });
  });

  it('does not delete a post someone saved since the page was opened: the notice says so, and a reload lets it go', async () => {
    const post = await call<{ id: number }>('POST', '/api/blogs', { title: 'Post to delete', excerpt: 'Before' });
    const [erin] = await openPost(post.id);
    // A colleague saves it meanwhile (a script here, as a second browser would).
    await call('PUT', `/api/blogs/${post.id}`, { excerpt: 'A colleague changed this' });
    await erin.getByRole('button', { name: 'Delete', exact: true }).click();
    await erin.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
    await erin.getByText(/^Someone else changed this record since you opened it\. It was not deleted: reload the page/).waitFor();
    expect(await call('GET', `/api/blogs/${post.id}`)).toMatchObject({ excerpt: 'A colleague changed this' });

    await erin.reload();
    await poll(() => textbox(erin, 'Excerpt').inputValue()).toBe('A colleague changed this');
    await erin.getByRole('button', { name: 'Delete', exact: true }).click();
    await erin.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
    await poll(() => new URL(erin.url()).pathname).toBe('/dashboard/blogs');
    await expect(call('GET', `/api/blogs/${post.id}`)).rejects.toThrow(/404/);
  });

  it('a bulk delete from the list keeps a post someone saved since the list was loaded, and says so', async () => {
    const post = await call<{ id: number }>('POST', '/api/blogs', { title: 'Bulk victim 7731', excerpt: 'Before' });
    const [erin] = await twoAdministrators('/dashboard/blogs', async (page) => {
      await page.getByRole('link', { name: 'Bulk victim 7731' }).waitFor();
    });
    await call('PUT', `/api/blogs/${post.id}`, { excerpt: 'A colleague changed this' });
    await erin.getByRole('row').filter({ hasText: 'Bulk victim 7731' }).getByRole('checkbox').check();
    await erin.locator('#main-content').getByRole('button', { name: 'Delete', exact: true }).click();
    // Undoable: the request goes when the notice closes.
    await erin.getByText(/^Someone else changed this record since you opened it\. It was not deleted/).waitFor({ timeout: 20_000 });
    expect(await call('GET', `/api/blogs/${post.id}`)).toMatchObject({ excerpt: 'A colleague changed this' });
  });

  it('asks the second to save the same field, naming the first; Overwrite with mine and Reload their version both work', async () => {
    const post = await call<{ id: number }>('POST', '/api/blogs', { title: 'Shared title' });
    let [erin, dana] = await openPost(post.id);
    await textbox(erin, 'Title').fill('Erin’s title');
    expect(await save(erin, postPath)).toBe(200);
    await textbox(dana, 'Title').fill('Dana’s title');
    expect(await save(dana, postPath)).toBe(409);

    const dialog = conflictDialog(dana);
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(new RegExp(`${escapeRegExp(ADMIN.name)} changed it just now\\.`));
    expect(await dialog.getByRole('row', { name: /^Title/ }).innerText()).toMatch(/Title\s+Erin’s title\s+Dana’s title/);
    // Dana's edit is still in the form (behind the modal dialog, hidden from the accessibility tree meanwhile).
    expect(await dana.locator('input[name="title"]').inputValue()).toBe('Dana’s title');
    const overwritten = saveAnswer(dana, postPath);
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    expect((await overwritten).status()).toBe(200);
    await poll(async () => (await call('GET', `/api/blogs/${post.id}`)).title).toBe('Dana’s title');

    // Again, and this time Dana takes Erin's version.
    await afterEachClose();
    [erin, dana] = await openPost(post.id);
    await textbox(erin, 'Title').fill('Erin again');
    expect(await save(erin, postPath)).toBe(200);
    await textbox(dana, 'Title').fill('Dana again');
    expect(await save(dana, postPath)).toBe(409);
    await conflictDialog(dana).getByRole('button', { name: 'Reload their version' }).click();
    await poll(() => textbox(dana, 'Title').inputValue()).toBe('Erin again');
    expect(await conflictDialog(dana).count()).toBe(0);
    expect(await call('GET', `/api/blogs/${post.id}`)).toMatchObject({ title: 'Erin again' });
  });
});

async function afterEachClose() {
  await Promise.all(sessions.map((session) => session.context.close()));
  sessions = [];
}

describe('the same singleton (Contact Information) in two browsers', () => {
  it('keeps a change of each, and asks when both change the same field', async () => {
    const contactPath = /^\/api\/contact-us\/1$/;
    const [erin, dana] = await twoAdministrators('/dashboard/contact-us', async (page) => {
      await pageHeading(page).filter({ hasText: /^Contact Information$/ }).waitFor();
      await poll(() => textbox(page, 'Map link').inputValue()).not.toBe('');
    });
    await textbox(erin, 'Map link').fill('https://maps.example.com/?q=erin');
    expect(await save(erin, contactPath)).toBe(200);
    await textbox(dana, 'Facebook').fill('https://facebook.com/dana');
    expect(await save(dana, contactPath)).toBe(200);
    expect(await call('GET', '/api/contact-us/1')).toMatchObject({ map_link: 'https://maps.example.com/?q=erin', facebook: 'https://facebook.com/dana' });

    // Erin's form is one save behind Dana's now; both change the map link.
    await textbox(dana, 'Map link').fill('https://maps.example.com/?q=dana');
    expect(await save(dana, contactPath)).toBe(200);
    await textbox(erin, 'Map link').fill('https://maps.example.com/?q=erin-2');
    expect(await save(erin, contactPath)).toBe(409);
    const dialog = conflictDialog(erin);
    expect(await dialog.innerText()).toMatch(/Dana Second changed it just now\./);
    await dialog.getByRole('button', { name: 'Reload their version' }).click();
    await poll(() => textbox(erin, 'Map link').inputValue()).toBe('https://maps.example.com/?q=dana');
    expect(await textbox(erin, 'Facebook').inputValue()).toBe('https://facebook.com/dana');
  });
});

describe('the same user in two browsers', () => {
  it('a stale form renames the user without undoing the deactivation made meanwhile', async () => {
    const sam = await call<{ id: number }>('POST', '/api/users-management', { name: 'Sam Site', email: 'sam.site@cornerstone.test', password: 'sam-correct-horse-1', current_password: ADMIN.password });
    const userPath = new RegExp(`^/api/users-management/${sam.id}$`);
    const [erin, dana] = await twoAdministrators(`/dashboard/users-management/${sam.id}`, async (page) => {
      await poll(() => textbox(page, 'Name').inputValue()).toBe('Sam Site');
    });
    const active = erin.getByRole('switch', { name: 'Active' }).or(erin.getByRole('checkbox', { name: 'Active' }));
    expect(await active.isChecked()).toBe(true);
    await active.click();
    expect(await save(erin, userPath)).toBe(200);

    await textbox(dana, 'Name').fill('Samuel Site');
    expect(await save(dana, userPath)).toBe(200);
    expect(await conflictDialog(dana).count()).toBe(0);
    expect(await call('GET', `/api/users-management/${sam.id}`)).toMatchObject({ name: 'Samuel Site', active: false });

    await dana.goto(`/dashboard/users-management/${sam.id}`);
    await poll(() => textbox(dana, 'Name').inputValue()).toBe('Samuel Site');
    const danaActive = dana.getByRole('switch', { name: 'Active' }).or(dana.getByRole('checkbox', { name: 'Active' }));
    expect(await danaActive.isChecked()).toBe(false);
  });
});
