import { lazy, Suspense, useEffect, useState } from 'react';
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
import { ConsoleLoading } from './layout/ConsoleLoading';
import { LoginPage } from './login/LoginPage';
import { SIGN_IN_PATH } from './login/returnPath';
import { catalogue } from './notifications/catalogue';
import { notify } from './notifications/store';

// The routed console, for a signed-in visitor (a signed-out one sees the sign-in page without the router, src/App.tsx,
// until signed in). It and everything behind sign-in are one chunk (vite.config.ts), loaded on demand: the sign-in
// page ships without react-router, react-admin and MUI.
const AdminApp = lazy(() => import('./AdminApp').then((module) => ({ default: module.AdminApp })));

// SPEC §1: the root shell's routed view (src/App.tsx holds it with the notification area and the loading overlay).
function Root() {
  const navigate = useNavigate();
  // Issue #8: a lost session leaves the console in one synchronous step, so that no page of it reacts to the failed
  // request afterwards (see authProvider.checkError).
  useEffect(() => onSessionEnd((to) => navigate(to, { flushSync: true })), [navigate]);
  return (
    <>
      <Outlet />
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

// The sign-in page inside the router: after a session ended in the console, or at /login reached from elsewhere.
export function RoutedLoginPage() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={(to) => navigate(to, { replace: true })} />;
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
            <RoutedLoginPage />
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

// The console at the address the browser shows when it first shows (not at import: the sign-in page shown alone
// moves the address first, src/App.tsx).
export function BrowserConsole() {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => () => router.dispose(), [router]);
  return <ConsoleRouter router={router} />;
}
