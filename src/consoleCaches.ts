// What the console keeps between renders: react-admin's store (preferences in localStorage) and the cache of its reads
// (react-query). Each is made once per console, with what is known before it first renders (issue #10).
import { QueryClient } from '@tanstack/react-query';
import { localStorageStore, type Store } from 'react-admin';
import { SINGLETON_ID } from '../schema/api';
import { isSignedIn } from './authProvider';
import { STORE_APP_KEY } from './colorScheme';
import { DASHBOARD_AREA, DASHBOARD_RECORD_URL } from './dashboardArea';
import { earlyAnswer } from './httpClient';
import { i18nProvider } from './i18nProvider';

// Sign-out resets react-admin's store; the light/dark choice is a device preference, so it survives (issue #2).
const KEPT_ON_SIGN_OUT = ['theme', 'sidebar.open'];

export function createStore(): Store {
  const store = localStorageStore(undefined, STORE_APP_KEY);
  return {
    ...store,
    // Issue #10: react-admin draws nothing of the console until the stored locale is the i18nProvider's, and no one
    // stores one here (the console has one language): its first render was empty and the real one came from an
    // effect, as one long render that nothing could interrupt. The console's language is the stored locale until
    // another is chosen.
    getItem<T>(key: string, defaultValue?: T): T {
      const value = store.getItem(key, defaultValue);
      return (key === 'locale' && value === undefined ? i18nProvider.getLocale() : value) as T;
    },
    reset() {
      const kept = KEPT_ON_SIGN_OUT.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}

/**
 * Issue #10: react-admin asks the authProvider, through its query cache and one after the other, whether the user is
 * signed in (for the dashboard, then again for its form) and for their permissions: rounds each followed by a render
 * of its own before the dashboard's form shows. Both answers are known before asking (SPEC §4: a stored token means
 * signed in; there are no permissions), so each starts as its queries' initial data. The sign-in check still runs in
 * the background, as before, and a failed one still ends the session; a check made with no token stored starts empty
 * and waits for its answer. (Access checks need nothing: without a canAccess method react-admin allows at once.)
 */
function answerAuthChecksAtOnce(queryClient: QueryClient): void {
  // ra-core's keys (useAuthState, usePermissions), each followed by the hook's parameters.
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { initialData: () => (isSignedIn() ? true : undefined) });
  // ra-core stores an absent answer of getPermissions as null.
  queryClient.setQueryDefaults(['auth', 'getPermissions'], { initialData: null });
}

/**
 * Issue #10: the cache of the console's reads, as react-admin would make it, holding from the start the dashboard's
 * record when it was read as the page opened (src/App.tsx) and has come: the Hero Section's form then shows in the
 * console's first render rather than in a second one once its request answers. That request still runs (the cached
 * record is stale at once, as every record here) and takes the early read's answer, so the record is read once.
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient();
  answerAuthChecksAtOnce(queryClient);
  const record = earlyAnswer(DASHBOARD_RECORD_URL);
  // react-admin's key for getOne (ra-core useGetOne), the id as a string.
  if (record !== undefined) queryClient.setQueryData([DASHBOARD_AREA, 'getOne', { id: String(SINGLETON_ID) }], record);
  return queryClient;
}
