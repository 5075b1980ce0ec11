// Where a sign-in goes after a session ended mid-work (issue #8). The sign-in page stays exactly /login (SPEC §2);
// the page that was open is kept for this tab in sessionStorage, written when the session is lost, before the page
// reacts to the failed request (react-admin's list falls back to page 1 on an empty answer), so it survives a reload
// of the sign-in page. Only paths of the console itself are ever followed.

export const SIGN_IN_PATH = '/login'; // SPEC §2
// SPEC §4: an ordinary sign-in goes to /dashboard.
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';
const STORAGE_KEY = 'cornerstone.returnTo';

// Resolving against a made-up origin tells a same-app path from anything that would leave the app
// ('//evil.example', 'https://…'), and removes dot segments ('/dashboard/../elsewhere').
const PROBE_ORIGIN = 'https://cornerstone.invalid';

// Only paths under /dashboard are kept (path and query); anything else gives undefined.
export function safeReturnPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return undefined;
  // Browsers read a backslash as a slash and drop tabs and newlines, so such a path could name another host.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return undefined;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return undefined;
  // react-admin's own login route inside the console only bounces back here.
  if (url.pathname === '/dashboard/login') return undefined;
  return `${url.pathname}${url.search}`;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage switched off: the sign-in simply goes to /dashboard
  }
}

// Remembers the console page that a lost session interrupted; anything else is not remembered.
export function rememberReturnPath(openPage: string): void {
  const path = safeReturnPath(openPage);
  if (path) storage()?.setItem(STORAGE_KEY, path);
}

export function forgetReturnPath(): void {
  storage()?.removeItem(STORAGE_KEY);
}

// The page to open after signing in, used once: the interrupted page, or /dashboard.
export function takeReturnPath(): string {
  const path = safeReturnPath(storage()?.getItem(STORAGE_KEY));
  forgetReturnPath();
  return path ?? DEFAULT_AFTER_SIGN_IN;
}
