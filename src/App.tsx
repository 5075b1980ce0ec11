import { lazy, Suspense, useState, type ReactNode } from 'react';
import { isSignedIn } from './authProvider';
import { ConsoleLoading } from './layout/ConsoleLoading';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { loadAdminApp } from './loadAdminApp';
import { LoginPage } from './login/LoginPage';
import { SIGN_IN_PATH } from './login/returnPath';
import { NotificationArea } from './notifications/NotificationArea';

const loadConsoleRouter = () => import('./ConsoleRouter');
const BrowserConsole = lazy(() => loadConsoleRouter().then((module) => ({ default: module.BrowserConsole })));

// SPEC §1: the root shell holds the routed view, the notification area and the loading overlay. The two stay mounted
// whatever the view, so a notice raised as the view changes (the welcome after sign-in) is announced in a live region
// that was already there.
export function RootShell({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <NotificationArea />
      <LoadingOverlay />
    </>
  );
}

// The chunks a signed-in console needs first, fetched side by side rather than one after the other.
function loadSignedInConsole(): void {
  void loadConsoleRouter();
  void loadAdminApp();
}

/**
 * Issue #10: a fresh visit to /login (the first page of every visit, SPEC §2) shows the sign-in page without the
 * router, whose 95 KB (30 KB compressed) the page would otherwise wait for. Signing in then moves the address to
 * where the sign-in leads and hands over to the routed console (src/ConsoleRouter.tsx), which serves every other
 * address and /login itself from then on (after a session ends, SPEC §2's guards).
 */
export function App() {
  const [signInAlone, setSignInAlone] = useState(() => {
    const signedIn = isSignedIn();
    if (signedIn && window.location.pathname.startsWith('/dashboard')) loadSignedInConsole();
    return window.location.pathname === SIGN_IN_PATH && !signedIn;
  });
  return (
    <RootShell>
      {signInAlone ? (
        <LoginPage
          onSigningIn={loadSignedInConsole}
          onSignedIn={(to) => {
            window.history.replaceState(null, '', to);
            setSignInAlone(false);
          }}
        />
      ) : (
        <Suspense fallback={<ConsoleLoading />}>
          <BrowserConsole />
        </Suspense>
      )}
    </RootShell>
  );
}
