import { CssBaseline } from '@mui/material';
import { createElement, memo, use, useEffect, useState } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, Error as ErrorPage, Resource, ResourceDefinitionContext, type ResourceDefinitionContextValue, type ResourceProps } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { authProvider } from './authProvider';
import { createQueryClient, createStore } from './consoleCaches';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { Layout } from './layout/Layout';
import { ReactAdminNotifications } from './notifications/ReactAdminNotifications';
import { SESSIONS_PATH, SessionsScreen } from './sessions';
import { lazyView } from './resources/lazyViews';
import { auditLog, dashboardArea, openingScreens, prefetchAreasWhenIdle, routedResources, type OtherScreens } from './resources';
import { darkTheme, lightTheme } from './theme';

const store = createStore();

// react-admin sends signed-out users to its own login route (/dashboard/login under our basename);
// the sign-in page lives outside the console, at /login.
function ToSignIn() {
  return <Navigate to="/login" replace />;
}

// The console's areas, as react-admin's <Resource> elements: the dashboard's own (known to react-admin for its labels and
// data, routed as the dashboard), every routed area, and the audit log.
const resourceProps: ResourceProps[] = [
  { name: dashboardArea.name, options: { label: dashboardArea.label }, icon: dashboardArea.icon },
  ...routedResources.map(({ name, label, icon, list, create, edit, show, recordRepresentation }) => ({
    name,
    options: { label },
    icon,
    list,
    create,
    edit,
    show,
    recordRepresentation,
  })),
  { name: auditLog.name, options: { label: auditLog.label }, icon: auditLog.icon, list: auditLog.list },
];

/**
 * Issue #10: react-admin learns the areas' definitions (labels, icons, which screens each has) from its <Resource>
 * elements in an effect after its first render, and new definitions render the whole console again, menu, header and
 * form, after its first paint (a task of 100-300 ms at CPU x4). They are known before: made by the same function
 * react-admin calls, and the areas are fixed for the console's life (schema/areas/). So they are given as they are, and
 * react-admin's registration changes nothing: its effect unregisters and registers every area again whenever its list of
 * <Resource> elements is a new array, which its first effect always makes it (ra-core useConfigureAdminRouterFromChildren),
 * and react-admin's own provider then held equal definitions in new objects.
 */
const areaDefinitions: ResourceDefinitionContextValue = {
  definitions: Object.fromEntries(resourceProps.map((props) => [props.name, Resource.registerResource(props)])),
  register: () => {},
  unregister: () => {},
};

/**
 * The shell, drawn once for the console's life. react-admin renders its layout again with a new element of the same
 * routes whenever its route configuration renders, as its first effect always makes it, and that drew header, menu,
 * breadcrumb and page again after the first paint. The routes inside are the same every time (the areas and custom
 * routes below are fixed), and move with the address on their own (react-router's context), so a new element of them
 * is not a reason to draw the shell again. The theme, the sidebar's state and who is signed in reach it through context.
 */
const StaticLayout = memo(Layout, () => true);

// The pages the console seldom shows (not found, access denied, an authentication error, loading), loaded when one is (src/layout/rareScreens.ts).
const rareScreens = () => import('./layout/rareScreens');
const rareScreen = (name: keyof Awaited<ReturnType<typeof rareScreens>>) =>
  lazyView(() => rareScreens().then((screens) => () => createElement(screens[name])), name, { zod: false });
const NotFound = rareScreen('NotFound');
const AccessDenied = rareScreen('AccessDenied');
const AuthenticationError = rareScreen('AuthenticationError');
const LoadingPage = rareScreen('LoadingPage');

// The console's screens that are no area's: opened straight they wait behind the loading page as an area's do, and they
// load while the console is idle.
const otherScreens: OtherScreens = { [SESSIONS_PATH.slice(1)]: [SessionsScreen] };

// Whether the console has shown once since it was mounted: only its opening screen waits here (see below).
let opened = false;

export function AdminApp() {
  // Issue #10: a console opened straight on an area (a reload, a return after sign-in) waits for that area's screens
  // behind the same loading page as the console itself, rather than showing its shell with a second loader inside.
  // Later moves between areas are transitions: the current screen stays until the next one can show.
  const opening = opened ? undefined : openingScreens(window.location.pathname, otherScreens);
  if (opening) use(opening);
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    opened = true;
    // The other areas' screens and the editor load while the user is idle, so that moving on stays instant.
    const cancel = prefetchAreasWhenIdle(otherScreens);
    return () => {
      opened = false;
      cancel();
    };
  }, []);

  // react-admin's <Admin>: its context, then its UI with the areas' definitions given between them. The UI is
  // react-admin's AdminUI spelled out (CssBaseline, CoreAdminUI, the notifications) with every page given: AdminUI's
  // defaults for the pages given here (its sign-in page and form, its layout with its app bar, sidebar, user menu and
  // preferences inspector, its notification) came in the console's first chunk though never shown; the seldom shown
  // ones load when shown, as the sessions page does (the chunk 207 -> 197 KB compressed). No OAuth callback route
  // (AdminUI's /auth-callback): the console signs in with a password only.
  return (
    <AdminContext
      basename="/dashboard"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <ResourceDefinitionContext.Provider value={areaDefinitions}>
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            layout={StaticLayout}
            loginPage={ToSignIn}
            dashboard={dashboardArea.list}
            catchAll={NotFound}
            error={ErrorPage}
            loading={LoadingPage}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            title="Dashboard"
            disableTelemetry
          >
            {resourceProps.map((props) => (
              <Resource key={props.name} {...props} />
            ))}
            {/* The signed-in user's own sessions, from the header's user menu (issue #9). */}
            <CustomRoutes>
              <Route path={SESSIONS_PATH} element={<SessionsScreen />} />
            </CustomRoutes>
          </CoreAdminUI>
          <ReactAdminNotifications />
        </CssBaseline>
      </ResourceDefinitionContext.Provider>
    </AdminContext>
  );
}
