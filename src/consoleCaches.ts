// What the console keeps between renders: react-admin's store (preferences in localStorage) and the cache of its reads
// (react-query). Each is made once per console, with what is known before it first renders (issue #10).
import { type Query, QueryClient } from '@tanstack/react-query';
import { localStorageStore, type Store } from 'react-admin';
import { SINGLETON_ID } from '../schema/api';
import { authProvider, IDENTITY_URL, identityOf, isSignedIn, type SignedInUser } from './authProvider';
import { noteSignedInUser } from './drafts';
import { STORE_APP_KEY } from './colorScheme';
import { DASHBOARD_AREA, DASHBOARD_RECORD_URL } from './dashboardArea';
import { EARLY_READ_KEPT_MS, takeEarlyAnswer } from './httpClient';
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
 * signed in (for the dashboard, then again for its form), for their permissions, whether they may edit the dashboard's
 * record and who they are: rounds each followed by a render of its own. All are known before asking (SPEC §4: a
 * stored token means signed in; there are no permissions; without a canAccess method react-admin allows everything;
 * who is signed in was read as the page opened, src/App.tsx), so each starts as its queries' initial data, and that
 * answer is current for the first screen (FIRST_SCREEN_MS): asked again there at once, they changed nothing and cost
 * two more renders of the whole console after its first paint (125-300 ms at CPU x4). Every check after it runs as
 * react-admin has it, and a failed one still ends the session; a check made with no token stored starts empty and
 * waits for its answer.
 */
// How long the answers known before the console's first render stay current without being asked again.
const FIRST_SCREEN_MS = EARLY_READ_KEPT_MS;
const currentForTheFirstScreen = <T>(query: Query<unknown, Error, T>) => (query.state.dataUpdateCount === 0 ? FIRST_SCREEN_MS : 0);

function answerAuthChecksAtOnce(queryClient: QueryClient): void {
  // ra-core's keys (useAuthState, usePermissions, useCanAccess, useGetIdentity), each followed by the hook's parameters.
  queryClient.setQueryDefaults(['auth', 'checkAuth'], {
    initialData: () => (isSignedIn() ? true : undefined),
    staleTime: currentForTheFirstScreen,
  });
  // ra-core stores an absent answer of getPermissions as null.
  queryClient.setQueryDefaults(['auth', 'getPermissions'], { initialData: null, staleTime: currentForTheFirstScreen });
  if (!('canAccess' in authProvider)) {
    queryClient.setQueryDefaults(['auth', 'canAccess'], { initialData: true, staleTime: currentForTheFirstScreen });
  }
  const identity = takeEarlyAnswer(IDENTITY_URL);
  if (identity !== undefined) {
    noteSignedInUser((identity.json as SignedInUser).id);
    queryClient.setQueryData(['auth', 'getIdentity'], identityOf(identity.json as SignedInUser), { updatedAt: identity.readAt });
  }
}

/**
 * Issue #10: the cache of the console's reads, as react-admin would make it, holding from the start the dashboard's
 * record when it was read as the page opened (src/App.tsx) and has come: the Hero Section's form then shows in the
 * console's first render rather than in a second one once its request answers. That record is current for as long as
 * an early read is (EARLY_READ_KEPT_MS from when it was asked for): react-admin's own request within that time could
 * only have taken the same answer, and it cost a second render of the whole form after the first paint. Past that,
 * or once the record has changed, it is read as every record is.
 */
export function createQueryClient(): QueryClient {
  // Requests are sent even when the browser says it is offline: TanStack Query's default ('online') held a save
  // back without a word while navigator.onLine was false, its button spinning (a new user's probe). Sent, it fails
  // at once and the user reads SPEC §8's 'Connection Error' with the form as it was, as when the server is down.
  const queryClient = new QueryClient({ defaultOptions: { queries: { networkMode: 'always' }, mutations: { networkMode: 'always' } } });
  answerAuthChecksAtOnce(queryClient);
  const early = takeEarlyAnswer(DASHBOARD_RECORD_URL);
  if (early !== undefined) {
    // react-admin's key for getOne (ra-core useGetOne), the id as a string.
    const key = [DASHBOARD_AREA, 'getOne', { id: String(SINGLETON_ID) }];
    queryClient.setQueryData(key, early.json, { updatedAt: early.readAt });
    queryClient.setQueryDefaults(key, {
      staleTime: (query) => (query.state.dataUpdatedAt === early.readAt ? EARLY_READ_KEPT_MS : 0),
    });
  }
  return queryClient;
}
