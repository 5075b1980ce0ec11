import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { announceSessionEnd, isSignedIn } from './authProvider';
import { chunkFailure } from './chunkFailure';
import { earlyReadsOf, takeStartedRead } from './earlyReads';
import { readEarly } from './httpClient';
import { inFlight } from './inFlight';
import { ChunkFailureNotice } from './layout/ChunkFailureNotice';
import { ConsoleLoading } from './layout/ConsoleLoading';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { LoginPage } from './login/LoginPage';
import { SIGN_IN_PATH } from './login/returnPath';
import { NotificationArea } from './notifications/NotificationArea';

// The routed console (src/ConsoleRouter.tsx) comes in the console's chunk, with react-router, react-admin and MUI.
const loadConsole = () =>
  import('./ConsoleRouter').catch((error: unknown) => {
    chunkFailure.report();
    throw error;
  });

/**
 * The console once its chunk has come, the loading page until then. Issue #10: it is drawn as a transition, which React
 * renders in slices, yielding to the browser between them, and commits as soon as it is ready. As a lazy component's
 * retry it was also sliced, but React held its commit until the loading page had been on screen for 300 ms: on a fast
 * device the console showed up to that much later than it could.
 */
function LoadedConsole() {
  const [Console, setConsole] = useState<ComponentType | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // SPEC §4: the loading indicator shows while any HTTP request runs, and the console's chunk is one, as an area's
  // screen's is (src/resources/lazyViews.ts). It is counted until the console is on screen, not only until the chunk
  // has come: on a slow phone the page stayed blank while the chunk came, and again while its first render ran.
  const [waiting] = useState(() => {
    let ended = false;
    return {
      begin: () => {
        ended = false;
        inFlight.begin();
      },
      end: () => {
        if (ended) return;
        ended = true;
        inFlight.end();
      },
    };
  });
  useEffect(() => {
    let current = true;
    waiting.begin();
    loadConsole().then(
      (module) => {
        if (current) startTransition(() => setConsole(() => module.BrowserConsole));
      },
      (error: unknown) => {
        waiting.end();
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
      waiting.end();
    };
  }, [waiting]);
  useEffect(() => {
    if (Console) waiting.end();
  }, [Console, waiting]);
  // A chunk that could not be fetched: ChunkFailureNotice says so and offers the reload that brings it. Thrown, as
  // React's lazy() had it, nothing caught it and the page went blank (an outside probe).
  if (failure) return <div className="console-loading" />;
  return Console ? <Console /> : <ConsoleLoading />;
}

// SPEC §1: the root shell holds the routed view, the notification area and the loading overlay. The two stay mounted
// whatever the view, so a notice raised as the view changes (the welcome after sign-in) is announced in a live region
// that was already there.
export function RootShell({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <NotificationArea />
      <LoadingOverlay />
      <ChunkFailureNotice />
    </>
  );
}

/**
 * Where a visitor who is not signed in starts, as the console's routes have it (src/ConsoleRouter.tsx, SPEC §2): the
 * root and the sign-in page itself go to /login quietly; every other address is the console's or unknown (which
 * leads to /dashboard), so the guard warns ('Authentication Required') and sends the visitor to /login.
 */
function startSignedOut(): void {
  const { pathname } = window.location;
  const quiet = pathname === '/' || pathname === SIGN_IN_PATH || pathname === `${SIGN_IN_PATH}/`;
  if (!quiet) announceSessionEnd();
  if (pathname !== SIGN_IN_PATH) window.history.replaceState(null, '', SIGN_IN_PATH);
}

/**
 * Issue #10: a signed-in visitor opening the console (a reload, a console opened again) needs who is signed in, for
 * the header of every screen, and on the dashboard its record, which the console would only ask for once its chunk
 * had arrived and run: who is signed in even once its first render was committed, a round trip after it (a signed-in
 * /dashboard in Lighthouse: /api/me asked for at 401 ms, after the render's long task, and answered before the first
 * paint). They are read as the page opens, beside that chunk (index.html's inline script asks for both,
 * vite.config.ts; src/earlyReads.ts says which), and the console's own requests take the answers (src/httpClient.ts).
 */
function startSignedIn(): void {
  for (const url of earlyReadsOf(window.location.pathname)) readEarly(url, takeStartedRead(url));
}

/**
 * Issue #10: a visitor who is not signed in gets the sign-in page alone, without react-router (30 KB
 * compressed, a third of the page's script), which now comes in the console's chunk. Signing in moves the address
 * to where the sign-in leads and hands over to the routed console, which serves every address from then on (the
 * sign-in page too, after a session ends).
 */
export function App() {
  const [signInAlone, setSignInAlone] = useState(() => {
    if (isSignedIn()) {
      startSignedIn();
      return false;
    }
    startSignedOut();
    return true;
  });
  return (
    <RootShell>
      {signInAlone ? (
        <LoginPage
          // The console's chunk loads while the password is checked.
          onSigningIn={() => void loadConsole()}
          onSignedIn={(to) => {
            window.history.replaceState(null, '', to);
            setSignInAlone(false);
          }}
        />
      ) : (
        <LoadedConsole />
      )}
    </RootShell>
  );
}
