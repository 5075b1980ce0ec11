// Sign-in, sign-out and the session checks (SPEC §4, §7). Plain object, no react-admin import at run time,
// so the sign-in page can use it without loading the console.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { apiUrl, HttpError, httpClient, tokenStore } from './httpClient';
import { keepDrafts, noteSignedInUser } from './drafts';
import { forgetReturnPath, rememberReturnPath, SIGN_IN_PATH } from './login/returnPath';
import { catalogue } from './notifications/catalogue';
import { notifications, notify } from './notifications/store';

export interface LoginParams {
  email: string;
  password: string;
}

export interface SignedInUser {
  id: number | string;
  name: string;
  email: string;
}

interface LoginAnswer {
  access_token?: unknown;
  user?: Partial<SignedInUser>;
}

function loginFailureNotice(error: unknown) {
  if (error instanceof HttpError) {
    if (error.isNetworkError) return catalogue.networkError;
    if (error.status === 401) return catalogue.loginRejected;
    if (error.status === 429) return catalogue.tooManyAttempts;
    if (error.status === 400) return { ...catalogue.loginUnavailable, message: error.message };
  }
  return catalogue.loginUnavailable;
}

// SPEC §2/§8: a lost session is announced once, whichever of the router guard, checkAuth and checkError sees it
// first (a page's requests fail together, and react-admin re-runs checkAuth); a notice still on screen is not raised
// again, so the user reads one 'Authentication Required'.
export function announceSessionEnd(): void {
  // Signing out ends the session on purpose: the requests it cuts short (the header's, the unread counts') and the
  // guard of the page it leaves say nothing, 'Goodbye' does (a new user's probe saw 'Authentication Required' beside
  // it). Until the Goodbye has gone, as for a warning already shown.
  if (signingOut || isShown(catalogue.logout) || isShown(catalogue.authRequired)) return;
  notify(catalogue.authRequired);
}

/** Signing out is under way: its request sent, the token not dropped yet. */
let signingOut = false;

function isShown({ type, title, message }: { type: string; title: string; message: string }): boolean {
  return notifications.getSnapshot().some((n) => n.type === type && n.title === title && n.message === message);
}

// The page open right now (the console runs on the browser router).
const openPage = (): string => `${window.location.pathname}${window.location.search}`;

// How the app leaves the console for the sign-in page; set by the router's root (src/ConsoleRouter.tsx).
type LeaveConsole = (to: string) => Promise<void> | void;
let leaveConsole: LeaveConsole | undefined;

export function onSessionEnd(leave: LeaveConsole): () => void {
  leaveConsole = leave;
  return () => {
    if (leaveConsole === leave) leaveConsole = undefined;
  };
}

export const authProvider = {
  async login({ email, password }: LoginParams): Promise<SignedInUser | undefined> {
    // SPEC §7: form-data fields email and password.
    const form = new FormData();
    form.set('email', email);
    form.set('password', password);
    let answer: LoginAnswer | undefined;
    try {
      const response = await httpClient(apiUrl('login'), { method: 'POST', body: form });
      answer = response.json as LoginAnswer | undefined;
    } catch (error) {
      notify(loginFailureNotice(error));
      throw error;
    }
    // SPEC §4/§8: only an access_token signs the user in.
    const token = answer?.access_token;
    if (typeof token !== 'string' || token === '') {
      notify(catalogue.loginFailed);
      throw new Error(catalogue.loginFailed.message);
    }
    tokenStore.set(token);
    const user = answer?.user;
    // Edits a session's end kept are this user's to take back, and nobody else's (src/drafts.ts).
    noteSignedInUser(user?.id);
    // Earlier notices ('Authentication Required', a failed attempt) are settled by a successful sign-in.
    notifications.clear();
    notify(catalogue.loginSuccess(user?.name || user?.email));
    return user && user.id !== undefined ? (user as SignedInUser) : undefined;
  },

  async logout(): Promise<void> {
    const token = tokenStore.get();
    if (!token) return;
    signingOut = true;
    try {
      await httpClient(apiUrl('logout'), { method: 'POST' });
    } catch {
      // The token is dropped locally whatever the server says: signing out must always work.
    } finally {
      signingOut = false;
    }
    tokenStore.clear();
    forgetReturnPath();
    notify(catalogue.logout);
  },

  // SPEC §4: at start-up a stored token means signed in.
  async checkAuth(): Promise<void> {
    if (tokenStore.get()) return;
    announceSessionEnd();
    throw { message: false, redirectTo: SIGN_IN_PATH };
  },

  async checkError(error: unknown): Promise<void> {
    const status = (error as { status?: unknown } | undefined)?.status;
    // Expired, revoked or stale token, deactivated user (issue #8): drop the token and sign in again, then come back.
    // The console is left here, before this call settles, rather than through react-admin's logout: react-admin
    // answers the failed request with an empty page, on which a list resets itself to page 1 and navigates back
    // into the console after the logout's own (deferred) redirect, losing the page the user was on.
    if (status === 401) {
      const wasSignedIn = tokenStore.get() !== null;
      // Edits nobody saved are kept for this tab before the console is left (src/drafts.ts).
      const kept = wasSignedIn ? keepDrafts() : 0;
      tokenStore.clear();
      announceSessionEnd();
      if (kept > 0) notify(catalogue.draftsKept);
      // Later 401s of the same page find the console already left (and the token gone).
      if (wasSignedIn) {
        rememberReturnPath(openPage());
        await leaveConsole?.(SIGN_IN_PATH);
      }
      throw { message: false, logoutUser: false };
    }
    if (status === 403) {
      notify(catalogue.unauthorized);
      // Stay signed in, and keep react-admin from adding a second notice of its own.
      throw { message: false, logoutUser: false };
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const { json } = await httpClient(IDENTITY_URL);
    noteSignedInUser((json as SignedInUser).id);
    return identityOf(json as SignedInUser);
  },

  async getPermissions(): Promise<undefined> {
    return undefined;
  },
} satisfies AuthProvider;

export const isSignedIn = (): boolean => tokenStore.get() !== null;

/** Who is signed in, as react-admin's header shows them, from the API's answer to IDENTITY_URL. */
export const identityOf = (user: SignedInUser): UserIdentity => ({ id: user.id, fullName: user.name, email: user.email });

/**
 * Who is signed in: every screen of the console shows it in its header (getIdentity), so a signed-in start reads it
 * as the page opens (src/App.tsx), as it does the dashboard's record.
 */
export const IDENTITY_URL = apiUrl('me');
