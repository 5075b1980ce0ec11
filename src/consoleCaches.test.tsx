// Issue #10: what the console knows before its first render. Rendered to a string, a tree shows its first render only
// (no effect runs, no query fetches): what it shows there is what the console draws before any second render.
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { CoreAdminContext, I18nContextProvider, StoreContextProvider, useAuthState, useCanAccess, useGetIdentity, useGetOne, usePermissions } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider, IDENTITY_URL } from './authProvider';
import { fakeApi } from './components/sortableListTesting';
import { DASHBOARD_RECORD_URL } from './dashboardArea';
import { dataProvider } from './dataProvider';
import { createQueryClient, createStore } from './consoleCaches';
import { readEarly, tokenStore } from './httpClient';
import { i18nProvider } from './i18nProvider';

afterEach(() => {
  localStorage.clear();
});

describe("the console's store", () => {
  it('answers the console’s language for the locale until another is stored', () => {
    const store = createStore();
    expect(store.getItem('locale')).toBe('en');
    store.setItem('locale', 'fr');
    expect(store.getItem('locale')).toBe('fr');
    expect(store.getItem('sidebar.open')).toBeUndefined();
  });

  it("lets react-admin draw the console in its first render, not after an effect", () => {
    const html = renderToString(
      <StoreContextProvider value={createStore()}>
        <I18nContextProvider value={i18nProvider}>
          <p>The console</p>
        </I18nContextProvider>
      </StoreContextProvider>,
    );
    expect(html).toBe('<p>The console</p>');
  });

  it('keeps the colour scheme through a sign-out’s reset, and nothing else', () => {
    const store = createStore();
    store.setItem('theme', 'dark');
    store.setItem('blogs.listParams', { page: 2 });
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('blogs.listParams')).toBeUndefined();
  });
});

// What react-admin's own hooks see in their first render, with the console's query cache.
function AuthAnswers({ route }: { route?: string }) {
  const auth = useAuthState(route ? { route } : undefined);
  const permissions = usePermissions(route ? { route } : undefined);
  const access = useCanAccess({ resource: 'hero', action: 'edit' });
  return (
    <output>
      {JSON.stringify({
        checking: auth.isPending,
        authenticated: auth.authenticated ?? null,
        permissionsPending: permissions.isPending,
        accessPending: access.isPending,
        canAccess: access.canAccess ?? null,
      })}
    </output>
  );
}

function firstRender(route?: string) {
  const html = renderToString(
    <CoreAdminContext authProvider={authProvider} queryClient={createQueryClient()} store={createStore()}>
      <AuthAnswers route={route} />
    </CoreAdminContext>,
  );
  return JSON.parse(html.replace(/^<output>|<\/output>$/g, '').replaceAll('&quot;', '"')) as unknown;
}

describe("the console's query cache", () => {
  it('answers the sign-in check and the permissions at once when a token is stored, and allows every action', () => {
    tokenStore.set('a-token');
    const answers = { checking: false, authenticated: true, permissionsPending: false, accessPending: false, canAccess: true };
    expect(firstRender()).toEqual(answers);
    // The dashboard's own checks (ra-core asks them with the route).
    expect(firstRender('dashboard')).toEqual(answers);
  });

  it('waits for the sign-in check when no token is stored', () => {
    expect(firstRender()).toMatchObject({ checking: true });
  });
});

// The dashboard's first screen, as react-admin's hooks see it: every answer it shows, and how often it rendered.
function FirstScreen({ renders }: { renders: string[] }) {
  const auth = useAuthState({ route: 'dashboard' });
  const permissions = usePermissions({ route: 'dashboard' });
  const access = useCanAccess({ resource: 'hero', action: 'edit' });
  const identity = useGetIdentity();
  const record = useGetOne('hero', { id: 1 });
  const shown = JSON.stringify({
    authenticated: auth.authenticated ?? null,
    permissionsPending: permissions.isPending,
    canAccess: access.canAccess ?? null,
    name: identity.identity?.fullName ?? null,
    headline: (record.data as { headline?: string } | undefined)?.headline ?? null,
    fetching: [auth, permissions, access, identity, record].filter((answer) => 'isFetching' in answer && answer.isFetching).length,
  });
  renders.push(shown);
  return <output>{shown}</output>;
}

describe("the console's first screen (issue #10)", () => {
  it('shows who is signed in and the dashboard\'s record read as the page opened, in one render, without asking anything again', async () => {
    const { calls } = fakeApi(
      { hero: [{ id: 1, headline: 'Homes built to last', version: 3 }] },
      { session: { token: 'a-token', user: { id: 7, name: 'Ada Builder', email: 'ada@example.com' } } },
    );
    tokenStore.set('a-token');
    readEarly(IDENTITY_URL);
    readEarly(DASHBOARD_RECORD_URL);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 10));

    const renders: string[] = [];
    render(
      <CoreAdminContext authProvider={authProvider} dataProvider={dataProvider} queryClient={createQueryClient()} store={createStore()}>
        <FirstScreen renders={renders} />
      </CoreAdminContext>,
    );
    const first = { authenticated: true, permissionsPending: false, canAccess: true, name: 'Ada Builder', headline: 'Homes built to last', fetching: 0 };
    expect(JSON.parse((await screen.findByRole('status')).textContent ?? '')).toEqual(first);
    // Long enough for any query started by the render to have answered and rendered again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await waitFor(() => expect(renders.map((shown) => JSON.parse(shown) as unknown)).toEqual([first]));
    expect(calls.map((call) => call.path)).toEqual(['/api/me', '/api/hero/1']);
  });
});
