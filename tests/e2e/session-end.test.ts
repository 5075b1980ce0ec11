// A session that ends while a form holds unsaved edits (signed out from another browser, the token expired): the
// edits are kept in the tab (src/drafts.ts) and are back in the form once the same user has signed in again; another
// user signing in on that tab does not get them. A new user's probe lost a half-written post this way: the console
// left for the sign-in page on the save's 401 (or on the unread counts' poll, untouched), and the form came back at
// its saved values. Also: a save while the browser is offline answers SPEC §8's 'Connection Error' at once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DESKTOP, expectNotice, fillSignIn, launchBrowser, openSession, openSignedIn, poll, readToken, saveAnswer, scriptClient, signIn, startServer, waitForPath, type RunningServer, type ScriptClient, type Session } from './harness';

const DANA = { name: 'Dana Third', email: 'dana.third@cornerstone.test', password: 'dana-correct-horse-8' };

let server: RunningServer;
let browser: Browser;
let call: ScriptClient['call'];
let session: Session | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ call } = await scriptClient(server));
  await call('POST', '/api/users-management', { ...DANA, current_password: ADMIN.password });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await session?.context.close();
  session = undefined;
});

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A post open in the console, its title and excerpt edited and not saved; then its session is ended elsewhere. */
async function editThenLoseSession(title: string): Promise<{ page: Page; id: number }> {
  const post = await call<{ id: number }>('POST', '/api/blogs', { title, excerpt: 'Saved excerpt' });
  // A session of its own (openSignedIn's is shared by the file's tests): this one is ended.
  session = await openSession(browser, server, DESKTOP);
  await signIn(session);
  const { page } = session;
  await page.goto(`/dashboard/blogs/${post.id}`);
  await poll(() => textbox(page, 'Title').inputValue()).toBe(title);
  await textbox(page, 'Title').fill(`${title}, edited`);
  await textbox(page, 'Excerpt').fill('An excerpt nobody saved');
  // The rich text too, typed as a person types it.
  await page.locator('[contenteditable="true"][role="textbox"]').click();
  await page.keyboard.type('A paragraph nobody saved.');
  // Signed out from somewhere else: the token this tab holds is no longer a session.
  await call('POST', '/api/logout', undefined, (await readToken(page))!);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await waitForPath(session, '/login');
  await expectNotice(page, { type: 'info', title: 'Changes Kept', message: 'Your unsaved changes are kept in this tab. Sign in again to get them back.' });
  return { page, id: post.id };
}

describe('a session that ends with unsaved edits', () => {
  it('keeps them, and the same user gets them back in the form after signing in, unsaved until saved', async () => {
    const { page, id } = await editThenLoseSession('Harbour crane');
    await fillSignIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session!, `/dashboard/blogs/${id}`);
    await poll(() => textbox(page, 'Title').inputValue()).toBe('Harbour crane, edited');
    expect(await textbox(page, 'Excerpt').inputValue()).toBe('An excerpt nobody saved');
    await poll(() => page.locator('[contenteditable="true"][role="textbox"]').innerText()).toBe('A paragraph nobody saved.');
    await expectNotice(page, { type: 'info', title: 'Changes Restored', message: 'Your unsaved changes are back in the form. Check them, then save.' });
    // Nothing was saved by the restore itself.
    expect(await call('GET', `/api/blogs/${id}`)).toMatchObject({ title: 'Harbour crane', excerpt: 'Saved excerpt', version: 1 });
    const saved = saveAnswer(page, `/api/blogs/${id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect(await call('GET', `/api/blogs/${id}`)).toMatchObject({ title: 'Harbour crane, edited', excerpt: 'An excerpt nobody saved', content: '<p>A paragraph nobody saved.</p>', version: 2 });
    // Taken once: opening the post again shows what is stored.
    await page.goto(`/dashboard/blogs/${id}`);
    await poll(() => textbox(page, 'Title').inputValue()).toBe('Harbour crane, edited');
  });

  it('gives them to nobody else: another user signing in on the tab sees the stored post', async () => {
    const { page, id } = await editThenLoseSession('Quay wall');
    await fillSignIn(page, DANA.email, DANA.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(session!, `/dashboard/blogs/${id}`);
    await poll(() => textbox(page, 'Title').inputValue()).toBe('Quay wall');
    expect(await textbox(page, 'Excerpt').inputValue()).toBe('Saved excerpt');
    expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('cornerstone.draft:')))).toEqual([]);
  });
});

describe('a save while the browser is offline', () => {
  it("says 'Connection Error' at once and keeps the edit; online again, the save goes through", async () => {
    const post = await call<{ id: number }>('POST', '/api/blogs', { title: 'Offline post' });
    session = await openSignedIn(browser, server, DESKTOP);
    const { page, context } = session;
    await page.goto(`/dashboard/blogs/${post.id}`);
    await poll(() => textbox(page, 'Title').inputValue()).toBe('Offline post');
    await textbox(page, 'Title').fill('Offline post, edited');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectNotice(page, { type: 'error', title: 'Connection Error', message: 'Please check your internet connection' });
    expect(await textbox(page, 'Title').inputValue()).toBe('Offline post, edited');
    await context.setOffline(false);
    const saved = saveAnswer(page, `/api/blogs/${post.id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect(await call('GET', `/api/blogs/${post.id}`)).toMatchObject({ title: 'Offline post, edited' });
  });
});
