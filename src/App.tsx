import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { isSignedIn } from './authProvider';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { LoginPage } from './login/LoginPage';
import { catalogue } from './notifications/catalogue';
import { NotificationArea } from './notifications/NotificationArea';
import { notify } from './notifications/store';

// Everything behind sign-in loads on demand, so the sign-in page ships without react-admin and MUI.
const AdminApp = lazy(() => import('./AdminApp').then((module) => ({ default: module.AdminApp })));

// SPEC §1: the root shell holds the routed view, the notification area and the loading overlay.
function Root() {
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

// SPEC §2: the guard covers the shell and all its children.
function RequireAuth({ children }: { children: React.ReactNode }) {
  const signedIn = isSignedIn();
  useEffect(() => {
    if (!signedIn) notify(catalogue.authRequired);
  }, [signedIn]);
  return signedIn ? children : <Navigate to="/login" replace />;
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

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
