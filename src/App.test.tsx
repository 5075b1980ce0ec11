// Issue #8: a lost session sends the user to /login once, and signing in again reopens the page that was open.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, RootShell } from './App';
import { ConsoleRouter, routes } from './ConsoleRouter';
import { fakeApi } from './components/sortableListTesting';
import { EARLY_RESPONSES_GLOBAL } from './earlyReads';
import { inFlight } from './inFlight';
import { notifications, type AppNotification } from './notifications/store';

const USER = { id: 1, name: 'Ada Admin', email: 'ada@example.com' };
// More than one page of 25, so page 2 exists.
const posts = Array.from({ length: 30 }, (_, index) => index + 1).map((id) => ({ id, title: `Post ${id}`, slug: `post-${id}`, status: 'draft', published_at: null }));
// SPEC §8, exactly.
const AUTH_REQUIRED = { type: 'warning', title: 'Authentication Required', message: 'Please log in to access this page' };

// Every raise of the warning, a refresh of one already shown included (the store gives it a new object).
function recordAuthRequiredRaises(): AppNotification[] {
  const raised: AppNotification[] = [];
  const unsubscribe = notifications.subscribe(() => {
    const notice = notifications.getSnapshot().find((n) => n.title === AUTH_REQUIRED.title);
    if (notice && !raised.includes(notice)) raised.push(notice);
  });
  afterEachCleanups.push(unsubscribe);
  return raised;
}
const afterEachCleanups: (() => void)[] = [];

afterEach(() => {
  sessionStorage.clear();
  afterEachCleanups.splice(0).forEach((cleanup) => cleanup());
  notifications.clear();
  vi.unstubAllGlobals();
});

// The browser router, as in the app: the session end reads the open page from the address bar.
function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter(routes);
  afterEachCleanups.push(() => router.dispose());
  render(
    <RootShell>
      <ConsoleRouter router={router} />
    </RootShell>,
  );
  return router;
}

const at = (router: ReturnType<typeof renderApp>) => `${router.state.location.pathname}${router.state.location.search}`;
// The list adds its sort and page size to the address once it shows, so compare the page, not the whole query.
const onBlogsPage2 = (router: ReturnType<typeof renderApp>) => {
  const { pathname, search } = router.state.location;
  expect(pathname).toBe('/dashboard/blogs');
  expect(new URLSearchParams(search).get('page')).toBe('2');
};

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), USER.email);
  await user.type(screen.getByLabelText('Password'), 'a-long-password-1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('a session that ends mid-work (issue #8, SPEC §2, §8)', () => {
  it('a 401 from the list lands on /login with one warning, clears the token, and sign-in reopens the page', async () => {
    localStorage.setItem('access_token', 'expired-token');
    const api = fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    const raised = recordAuthRequiredRaises();
    const router = renderApp('/dashboard/blogs?page=2');

    await waitFor(() => expect(at(router)).toBe('/login'), { timeout: 10_000 });
    expect(api.calls.some((call) => call.path === '/api/blogs')).toBe(true);
    await screen.findByRole('heading', { name: 'Sign in to your dashboard' });
    expect(localStorage.getItem('access_token')).toBeNull();

    const warnings = screen.getAllByRole('alert');
    expect(warnings).toHaveLength(1);
    expect(within(warnings[0]!).getByText(AUTH_REQUIRED.title)).toBeInTheDocument();
    expect(within(warnings[0]!).getByText(AUTH_REQUIRED.message)).toBeInTheDocument();
    expect(notifications.getSnapshot().map(({ type, title, message }) => ({ type, title, message }))).toEqual([
      AUTH_REQUIRED,
    ]);
    expect(raised).toHaveLength(1);

    await signIn();
    await waitFor(() => onBlogsPage2(router), { timeout: 10_000 });
    expect(await screen.findByText('Post 26')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('fresh-token');
    expect(await screen.findByText('Welcome back, Ada Admin!')).toBeInTheDocument();
  });

  it('a visitor who was never signed in is warned once by the guard and signs in to /dashboard (SPEC §2, §4)', async () => {
    fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    const raised = recordAuthRequiredRaises();
    const router = renderApp('/dashboard/blogs?page=2');

    await waitFor(() => expect(at(router)).toBe('/login'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(raised).toHaveLength(1);

    await signIn();
    await waitFor(() => expect(at(router)).toBe('/dashboard'), { timeout: 10_000 });
  });

  it('a sign-in started on the login page goes to /dashboard (SPEC §4)', async () => {
    fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    const router = renderApp('/login');
    await signIn();
    await waitFor(() => expect(at(router)).toBe('/dashboard'), { timeout: 10_000 });
    expect(notifications.getSnapshot().some((n) => n.title === AUTH_REQUIRED.title)).toBe(false);
  });
});

// Issue #10: a fresh visit to /login shows the sign-in page without the router; signing in hands over to the console.
describe('the sign-in page of a fresh visit (issue #10, SPEC §2, §4)', () => {
  function renderAt(path: string) {
    window.history.replaceState(null, '', path);
    const historyLength = window.history.length;
    render(<App />);
    return { historyLength };
  }

  it('signs in to /dashboard in place of /login, with the welcome notice and the console showing', async () => {
    fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    const { historyLength } = renderAt('/login');
    await screen.findByRole('heading', { name: 'Sign in to your dashboard' });

    await signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    // Replaced, not pushed: Back does not return to the sign-in page (SPEC §4).
    expect(window.history.length).toBe(historyLength);
    expect(await screen.findByText('Welcome back, Ada Admin!')).toBeInTheDocument();
    // The console's header (jsdom's window is 1024px wide: below the sidebar's breakpoint, SPEC §9).
    expect(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('fresh-token');
    // One notification area and one loading overlay's live region, whatever the view.
    expect(document.querySelectorAll('.notification-area')).toHaveLength(1);
    expect(document.querySelectorAll('.loading-overlay__status')).toHaveLength(1);
  });

  it('reopens the page a lost session interrupted, after a reload of the sign-in page (issue #8)', async () => {
    fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    sessionStorage.setItem('cornerstone.returnTo', '/dashboard/blogs?page=2');
    renderAt('/login');
    await signIn();
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toMatch(/^\/dashboard\/blogs\?/), { timeout: 10_000 });
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
    expect(await screen.findByText('Post 26', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('a visitor not signed in lands on /login from any address: warned from the console or elsewhere, not from /', async () => {
    for (const [path, warned] of [
      ['/dashboard/blogs?page=2', true],
      ['/nowhere', true],
      ['/', false],
      ['/login/', false],
    ] as const) {
      fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
      const { historyLength } = renderAt(path);
      await screen.findByRole('heading', { name: 'Sign in to your dashboard' });
      expect(`${window.location.pathname}${window.location.search}`, path).toBe('/login');
      expect(window.history.length, `${path}: replaced, not pushed`).toBe(historyLength);
      expect(
        notifications.getSnapshot().map(({ type, title, message }) => ({ type, title, message })),
        path,
      ).toEqual(warned ? [AUTH_REQUIRED] : []);
      cleanup();
      notifications.clear();
      vi.unstubAllGlobals();
    }
  });

  it('signs in to /dashboard after the guard sent the visitor to /login (SPEC §2, §4)', async () => {
    fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    renderAt('/dashboard/blogs?page=2');
    await signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("reads the dashboard's record as a signed-in start opens, once, and shows it in the Hero Section's form", async () => {
    const hero = { id: 1, headline: 'Homes built to last', subheadline: null, background_image: null, cta_text: null, cta_link: null, version: 3 };
    const { calls } = fakeApi({ hero: [hero] }, { session: { token: 'fresh-token', user: USER } });
    localStorage.setItem('access_token', 'fresh-token');
    renderAt('/dashboard');
    // Asked for before anything of the console had loaded: the first requests of all, with who is signed in.
    expect(calls.slice(0, 2)).toEqual([
      { method: 'GET', path: '/api/me', body: null },
      { method: 'GET', path: '/api/hero/1', body: null },
    ]);
    expect(await screen.findByDisplayValue('Homes built to last', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/hero/1')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/api/me')).toHaveLength(1);
  });

  it('takes the reads index.html\'s inline script started as the page was parsed, and asks for neither again', async () => {
    const hero = { id: 1, headline: 'Read by the page itself', subheadline: null, background_image: null, cta_text: null, cta_link: null, version: 4 };
    const { calls } = fakeApi({ hero: [{ ...hero, headline: 'Read again by the script' }] }, { session: { token: 'fresh-token', user: USER } });
    localStorage.setItem('access_token', 'fresh-token');
    const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const sent = { token: 'fresh-token', at: Date.now() };
    const started = { '/api/me': { response: answer({ ...USER, name: 'Ada from the page' }), ...sent }, '/api/hero/1': { response: answer(hero), ...sent } };
    vi.stubGlobal(EARLY_RESPONSES_GLOBAL, started);
    renderAt('/dashboard');
    expect(await screen.findByDisplayValue('Read by the page itself', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/api/me' || call.path === '/api/hero/1')).toEqual([]);
    expect(started).toEqual({});
  });

  it('leaves a read the page started with another token (signed out and in again in another tab meanwhile) and asks again', async () => {
    const hero = { id: 1, headline: 'Read with the token stored now', subheadline: null, background_image: null, cta_text: null, cta_link: null, version: 4 };
    const { calls } = fakeApi({ hero: [hero] }, { session: { token: 'fresh-token', user: USER } });
    localStorage.setItem('access_token', 'fresh-token');
    const stale = () => Promise.resolve(new Response(JSON.stringify({ ...hero, headline: 'Read with the old token' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const sent = { token: 'old-token', at: Date.now() };
    vi.stubGlobal(EARLY_RESPONSES_GLOBAL, { '/api/me': { response: stale(), ...sent }, '/api/hero/1': { response: stale(), ...sent } });
    renderAt('/dashboard');
    expect(await screen.findByDisplayValue('Read with the token stored now', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/me' || call.path === '/api/hero/1').map((call) => call.path)).toEqual(['/api/me', '/api/hero/1']);
  });

  it('reads who is signed in as a signed-in start opens any screen, once: the header takes that answer', async () => {
    const { calls } = fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    localStorage.setItem('access_token', 'fresh-token');
    renderAt('/dashboard/blogs');
    expect(calls).toEqual([{ method: 'GET', path: '/api/me', body: null }]);
    expect(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/blogs'))).toBe(true));
    expect(calls.filter((call) => call.path === '/api/me')).toHaveLength(1);
  });

  it('keeps the loading indicator counting while the console loads, until it shows (SPEC §4)', async () => {
    const hero = { id: 1, headline: 'Homes built to last', subheadline: null, background_image: null, cta_text: null, cta_link: null, version: 3 };
    fakeApi({ hero: [hero] }, { session: { token: 'fresh-token', user: USER } });
    localStorage.setItem('access_token', 'fresh-token');
    // Each time the count of requests in flight changes: the count, and whether the console's header was on screen.
    const seen: { count: number; console: boolean }[] = [];
    const unsubscribe = inFlight.subscribe(() => {
      seen.push({ count: inFlight.getSnapshot(), console: screen.queryByRole('button', { name: 'Open menu' }) !== null });
    });
    afterEachCleanups.push(unsubscribe);
    renderAt('/dashboard');
    expect(inFlight.getSnapshot()).toBeGreaterThan(0);
    expect(await screen.findByDisplayValue('Homes built to last', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(inFlight.getSnapshot()).toBe(0));
    // Never idle before the console was there: the overlay would have gone with the page still blank.
    expect(seen.filter((change) => change.count === 0).map((change) => change.console)).not.toContain(false);
    expect(seen.filter((change) => change.count === 0).length).toBeGreaterThan(0);
  });

  it('sends a signed-in visitor of /login to /dashboard with the notice of SPEC §8', async () => {
    fakeApi({ blogs: posts }, { session: { token: 'fresh-token', user: USER } });
    localStorage.setItem('access_token', 'fresh-token');
    renderAt('/login');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(notifications.getSnapshot().map(({ type, title, message }) => ({ type, title, message }))).toEqual([
      { type: 'info', title: 'Already Authenticated', message: 'You are already logged in' },
    ]);
  });
});
