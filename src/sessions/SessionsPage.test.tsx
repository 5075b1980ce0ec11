import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { AdminContext, memoryStore, TestMemoryRouter, type RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi, type ApiCall } from '../components/sortableListTesting';
import { dataProvider } from '../dataProvider';
import { Layout } from '../layout/Layout';
import { SessionsPage } from './SessionsPage';

const NOW = Date.parse('2026-05-04T12:00:00.000Z');
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const session = (id: number, userAgent: string | null, ip: string | null, lastUsedMsAgo: number, current = false): RaRecord => ({
  id,
  created_at: '2026-05-01T08:30:00.000Z',
  last_used_at: new Date(NOW - lastUsedMsAgo).toISOString(),
  expires_at: '2026-05-08T08:30:00.000Z',
  ip,
  user_agent: userAgent,
  current,
});

const rows = () => [session(1, FIREFOX, '192.0.2.1', 10_000, true), session(2, IPHONE, '198.51.100.7', 5 * 60_000), session(3, CHROME, null, 3 * 3_600_000)];

/** fakeApi's tables, plus POST /api/sessions/sign-out-others as server/routes/sessions.ts answers it. */
function sessionsApi(tables: { sessions: RaRecord[] }): { calls: ApiCall[] } {
  const { calls } = fakeApi(tables);
  const inner = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path !== '/api/sessions/sign-out-others') return inner(input, init);
      calls.push({ method: (init.method ?? 'GET').toUpperCase(), path, body: null });
      const ended = tables.sessions.filter((row) => !row.current).length;
      tables.sessions.splice(0, tables.sessions.length, ...tables.sessions.filter((row) => row.current));
      return new Response(JSON.stringify({ ended }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { calls };
}

function renderPage() {
  return render(
    <AreaWrapper resource="sessions">
      <SessionsPage />
    </AreaWrapper>,
  );
}

const shownSessions = () =>
  within(screen.getByRole('list', { name: 'Your sessions' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionsPage', () => {
  it('lists your sessions in plain words: device, address, when signed in, when last active, and which is this one', async () => {
    sessionsApi({ sessions: rows() });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Active sessions' })).toBeInTheDocument();
    await screen.findByText('Safari on iPhone');
    const signedIn = new Date('2026-05-01T08:30:00.000Z').toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    expect(shownSessions()).toEqual([
      `Firefox on LinuxThis device192.0.2.1 · Signed in ${signedIn} · Last active Just now`,
      `Safari on iPhone198.51.100.7 · Signed in ${signedIn} · Last active 5m agoSign out`,
      `Chrome on WindowsUnknown address · Signed in ${signedIn} · Last active 3h agoSign out`,
    ]);
    // Every session but this one can be ended from here; this one signs out with Logout.
    expect(within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      `Sign out Safari on iPhone, 198.51.100.7, signed in ${signedIn}`,
      `Sign out Chrome on Windows, Unknown address, signed in ${signedIn}`,
    ]);
  });

  it('signs out one other session and says so', async () => {
    const tables = { sessions: rows() };
    const { calls } = sessionsApi(tables);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone, 198\.51\.100\.7, signed in / }));
    expect(await screen.findByText('Signed out of Safari on iPhone')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([{ method: 'DELETE', path: '/api/sessions/2', body: null }]);
    expect(shownSessions()).toHaveLength(2);
  });

  it('signs out everywhere else only after confirming, keyboard only, and says how many ended', async () => {
    const tables = { sessions: rows() };
    const { calls } = sessionsApi(tables);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Safari on iPhone');
    const everywhere = screen.getByRole('button', { name: 'Sign out everywhere else' });
    everywhere.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('2 other sessions will end; this device stays signed in.');
    // Cancelling ends nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await user.click(everywhere);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out everywhere else: 2 sessions ended')).toBeInTheDocument();
    await waitFor(() => expect(shownSessions()).toHaveLength(1));
    expect(shownSessions()[0]).toMatch(/^Firefox on LinuxThis device/);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([{ method: 'POST', path: '/api/sessions/sign-out-others', body: null }]);
    // Nothing else to end.
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('shows why the list could not be loaded', async () => {
    fakeApi({});
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not Found');
  });

  it('passes axe', async () => {
    sessionsApi({ sessions: rows() });
    const { container } = renderPage();
    await screen.findByText('Safari on iPhone');
    // jsdom has no layout: contrast is checked by the browser tests.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });

  it("titles the page and shows its breadcrumb in the shell, from a menu item the side menu hides", async () => {
    sessionsApi({ sessions: rows() });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    render(
      <TestMemoryRouter initialEntries={['/dashboard/sessions']}>
        <AdminContext store={memoryStore()} dataProvider={dataProvider}>
          <Layout>
            <SessionsPage />
          </Layout>
        </AdminContext>
      </TestMemoryRouter>,
    );
    await screen.findByText('Safari on iPhone');
    expect(document.title).toBe('Active sessions | Cornerstone Dashboard');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Settings', 'Active sessions']);
    expect(screen.queryByRole('link', { name: 'Active sessions' })).not.toBeInTheDocument();
  });
});
