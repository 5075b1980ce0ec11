// Issue #10: what the console knows before its first render. Rendered to a string, a tree shows its first render only
// (no effect runs, no query fetches): what it shows there is what the console draws before any second render.
import { renderToString } from 'react-dom/server';
import { CoreAdminContext, I18nContextProvider, StoreContextProvider, useAuthState, useCanAccess, usePermissions } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { authProvider } from './authProvider';
import { createQueryClient, createStore } from './consoleCaches';
import { tokenStore } from './httpClient';
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
