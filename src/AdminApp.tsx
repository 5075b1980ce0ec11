import { QueryClient } from '@tanstack/react-query';
import { use, useEffect, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { SINGLETON_ID } from '../schema/api';
import { authProvider } from './authProvider';
import { STORE_APP_KEY } from './colorScheme';
import { dataProvider } from './dataProvider';
import { DASHBOARD_RECORD_URL } from './dashboardArea';
import { earlyAnswer } from './httpClient';
import { i18nProvider } from './i18nProvider';
import { Layout } from './layout/Layout';
import { ReactAdminNotifications } from './notifications/ReactAdminNotifications';
import { SESSIONS_PATH, SessionsPage } from './sessions/SessionsPage';
import { auditLog, dashboardArea, openingScreens, prefetchAreasWhenIdle, routedResources } from './resources';
import { darkTheme, lightTheme } from './theme';

// Sign-out resets react-admin's store; the light/dark choice is a device preference, so it survives (issue #2).
const KEPT_ON_SIGN_OUT = ['theme', 'sidebar.open'];

function createStore(): Store {
  const store = localStorageStore(undefined, STORE_APP_KEY);
  return {
    ...store,
    reset() {
      const kept = KEPT_ON_SIGN_OUT.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}

const store = createStore();

// react-admin sends signed-out users to its own login route (/dashboard/login under our basename);
// the sign-in page lives outside the console, at /login.
function ToSignIn() {
  return <Navigate to="/login" replace />;
}

/**
 * Issue #10: the cache of the console's reads, as react-admin would make it, holding from the start the dashboard's
 * record when it was read as the page opened (src/App.tsx) and has come: the Hero Section's form then shows in the
 * console's first render rather than in a second one once its request answers. That request still runs (the cached
 * record is stale at once, as every record here) and takes the early read's answer, so the record is read once.
 */
function createQueryClient(): QueryClient {
  const queryClient = new QueryClient();
  const record = earlyAnswer(DASHBOARD_RECORD_URL);
  // react-admin's key for getOne (ra-core useGetOne), the id as a string.
  if (record !== undefined) queryClient.setQueryData([dashboardArea.name, 'getOne', { id: String(SINGLETON_ID) }], record);
  return queryClient;
}

// Whether the console has shown once since it was mounted: only its opening screen waits here (see below).
let opened = false;

export function AdminApp() {
  // Issue #10: a console opened straight on an area (a reload, a return after sign-in) waits for that area's screens
  // behind the same loading page as the console itself, rather than showing its shell with a second loader inside.
  // Later moves between areas are transitions: the current screen stays until the next one can show.
  const opening = opened ? undefined : openingScreens(window.location.pathname);
  if (opening) use(opening);
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    opened = true;
    // The other areas' screens and the editor load while the user is idle, so that moving on stays instant.
    const cancel = prefetchAreasWhenIdle();
    return () => {
      opened = false;
      cancel();
    };
  }, []);

  return (
    <Admin
      basename="/dashboard"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
      layout={Layout}
      loginPage={ToSignIn}
      notification={ReactAdminNotifications}
      dashboard={dashboardArea.list}
      title="Dashboard"
      disableTelemetry
    >
      {/* The dashboard's own area: known to react-admin (labels, data) but routed as the dashboard. */}
      <Resource name={dashboardArea.name} options={{ label: dashboardArea.label }} icon={dashboardArea.icon} />
      {routedResources.map(({ name, label, icon, list, create, edit, show, recordRepresentation }) => (
        <Resource
          key={name}
          name={name}
          options={{ label }}
          icon={icon}
          list={list}
          create={create}
          edit={edit}
          show={show}
          recordRepresentation={recordRepresentation}
        />
      ))}
      <Resource name={auditLog.name} options={{ label: auditLog.label }} icon={auditLog.icon} list={auditLog.list} />
      {/* The signed-in user's own sessions, from the header's user menu (issue #9). */}
      <CustomRoutes>
        <Route path={SESSIONS_PATH} element={<SessionsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
