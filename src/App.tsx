import { lazy, Suspense, useEffect } from 'react';
import { flushSync } from 'react-dom';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
} from 'react-router';
import { announceSessionEnd, isSignedIn, onSessionEnd } from './authProvider';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { LoginPage } from './login/LoginPage';
import { SIGN_IN_PATH } from './login/returnPath';
import { catalogue } from './notifications/catalogue';
import { NotificationArea } from './notifications/NotificationArea';
import { notify } from './notifications/store';

// Everything behind sign-in loads on demand, so the sign-in page ships without react-admin and MUI.
const AdminApp = lazy(() => import('./AdminApp').then((module) => ({ default: module.AdminApp })));

// SPEC §1: the root shell holds the routed view, the notification area and the loading overlay.
function Root() {
  const navigate = useNavigate();
  // Issue #8: a lost session leaves the console in one synchronous step, so that no page of it reacts to the failed
  // request afterwards (see authProvider.checkError).
  useEffect(() => onSessionEnd((to) => navigate(to, { flushSync: true })), [navigate]);
  return (
    <>
      <Outlet />
      <NotificationArea />
      <LoadingOverlay />
      {/* SPEC §2: scroll position is restored on navigation. */}
      <ScrollRestoration />
    </>
  );
}

// SPEC §2: the guard covers the shell and all its children. It reads the location so that it looks again at every
// move inside the console (a token removed by another tab).
function RequireAuth({ children }: { children: React.ReactNode }) {
  useLocation();
  const signedIn = isSignedIn();
  useEffect(() => {
    if (!signedIn) announceSessionEnd();
  }, [signedIn]);
  return signedIn ? children : <Navigate to={SIGN_IN_PATH} replace />;
}

// SPEC §2: /login is for guests only.
function GuestOnly({ children }: { children: React.ReactNode }) {
  const signedIn = isSignedIn();
  useEffect(() => {
    if (signedIn) notify(catalogue.alreadyAuthenticated);
  }, [signedIn]);
  return signedIn ? <Navigate to="/dashboard" replace /> : children;
}

function ConsoleLoading() {
  return <div className="console-loading" aria-busy="true" />;
}

export const routes = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: 'dashboard/*',
        element: (
          <RequireAuth>
            <Suspense fallback={<ConsoleLoading />}>
              <AdminApp />
            </Suspense>
          </RequireAuth>
        ),
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

// Without flushSync, a navigation asking for it (leaving a lost session) would still wait for a transition.
export function ConsoleRouter({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />
  );
}

const router = createBrowserRouter(routes);

export function App() {
  return <ConsoleRouter router={router} />;
}
