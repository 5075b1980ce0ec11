// Sign-in, sign-out and the session checks (SPEC §4, §7). Plain object, no react-admin import at run time,
// so the sign-in page can use it without loading the console.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { apiUrl, HttpError, httpClient, tokenStore } from './httpClient';
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
    // Earlier notices ('Authentication Required', a failed attempt) are settled by a successful sign-in.
    notifications.clear();
    notify(catalogue.loginSuccess(user?.name || user?.email));
    return user && user.id !== undefined ? (user as SignedInUser) : undefined;
  },

  async logout(): Promise<void> {
    const token = tokenStore.get();
    if (!token) return;
    try {
      await httpClient(apiUrl('logout'), { method: 'POST' });
    } catch {
      // The token is dropped locally whatever the server says: signing out must always work.
    }
    tokenStore.clear();
    notify(catalogue.logout);
  },

  // SPEC §4: at start-up a stored token means signed in.
  async checkAuth(): Promise<void> {
    if (tokenStore.get()) return;
    notify(catalogue.authRequired);
    throw { message: false, redirectTo: '/login' };
  },

  async checkError(error: unknown): Promise<void> {
    const status = (error as { status?: unknown } | undefined)?.status;
    if (status === 401) {
      tokenStore.clear();
      notify(catalogue.authRequired);
      throw { message: false };
    }
    if (status === 403) {
      notify(catalogue.unauthorized);
      // Stay signed in, and keep react-admin from adding a second notice of its own.
      throw { message: false, logoutUser: false };
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const { json } = await httpClient(apiUrl('me'));
    const user = json as SignedInUser;
    return { id: user.id, fullName: user.name, email: user.email };
  },

  async getPermissions(): Promise<undefined> {
    return undefined;
  },
} satisfies AuthProvider;

export const isSignedIn = (): boolean => tokenStore.get() !== null;
