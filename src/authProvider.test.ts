import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from './authProvider';
import { notifications } from './notifications/store';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

const shown = () => notifications.getSnapshot().map(({ type, title, message }) => ({ type, title, message }));

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  notifications.clear();
  vi.unstubAllGlobals();
});

describe('authProvider.login', () => {
  it('posts form-data email and password to {api base}api/login (SPEC §7)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { access_token: 'tok', user: { id: 1, name: 'Ada', email: 'a@x.io' } }));
    await authProvider.login({ email: 'a@x.io', password: 'secret123' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('email')).toBe('a@x.io');
    expect(body.get('password')).toBe('secret123');
  });

  it('stores the token under access_token and welcomes the user by name (SPEC §4, §8)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { access_token: 'tok', user: { id: 1, name: 'Ada', email: 'a@x.io' } }));
    await authProvider.login({ email: 'a@x.io', password: 'secret123' });
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(shown()).toEqual([{ type: 'success', title: 'Login Successful', message: 'Welcome back, Ada!' }]);
  });

  it('refuses an answer without access_token with the Login Failed notice', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: { id: 1 } }));
    await expect(authProvider.login({ email: 'a@x.io', password: 'secret123' })).rejects.toThrow();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(shown()).toEqual([
      { type: 'error', title: 'Login Failed', message: 'Invalid credentials. Please try again.' },
    ]);
  });

  it('tells the user the credentials are wrong on a 401', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Invalid email or password.' }));
    await expect(authProvider.login({ email: 'a@x.io', password: 'wrongpass' })).rejects.toThrow();
    expect(shown()).toEqual([{ type: 'error', title: 'Login Failed', message: 'Incorrect email or password.' }]);
  });

  it('shows Connection Error when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(authProvider.login({ email: 'a@x.io', password: 'secret123' })).rejects.toThrow();
    expect(shown()).toEqual([
      { type: 'error', title: 'Connection Error', message: 'Please check your internet connection' },
    ]);
  });

  it('says to wait on a 429', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { message: 'Too many' }));
    await expect(authProvider.login({ email: 'a@x.io', password: 'secret123' })).rejects.toThrow();
    expect(shown()[0]?.title).toBe('Too Many Attempts');
  });

  it('says sign-in is unavailable on a server error', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Internal Server Error' }));
    await expect(authProvider.login({ email: 'a@x.io', password: 'secret123' })).rejects.toThrow();
    expect(shown()).toEqual([
      { type: 'error', title: 'Login Failed', message: 'Sign-in is unavailable right now. Please try again later.' },
    ]);
  });
});

describe('authProvider session', () => {
  it('treats a stored token as signed in at start-up (SPEC §4)', async () => {
    localStorage.setItem('access_token', 'tok');
    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
    expect(shown()).toEqual([]);
  });

  it('without a token, rejects towards /login with the Authentication Required warning', async () => {
    await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/login', message: false });
    expect(shown()).toEqual([
      { type: 'warning', title: 'Authentication Required', message: 'Please log in to access this page' },
    ]);
  });

  it('logout calls the API, removes the token and says Goodbye', async () => {
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await authProvider.logout();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer tok');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(shown()).toEqual([{ type: 'success', title: 'Goodbye', message: 'You have been logged out successfully' }]);
  });

  it('logout says Goodbye alone: the requests it cuts short (401) and the guard of the page it leaves say nothing', async () => {
    localStorage.setItem('access_token', 'tok');
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const signingOut = authProvider.logout();
    // The header's request, sent before the sign-out, answered after the server ended the session.
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ message: false });
    answer(new Response(null, { status: 204 }));
    await signingOut;
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ message: false });
    await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/login' });
    expect(shown()).toEqual([{ type: 'success', title: 'Goodbye', message: 'You have been logged out successfully' }]);
    // Once it has gone, a guarded page warns again.
    notifications.clear();
    await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/login' });
    expect(shown().map((n) => n.title)).toEqual(['Authentication Required']);
  });

  it('logout still signs out locally when the API is unreachable', async () => {
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await authProvider.logout();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('a 401 from any call signs out with Authentication Required, and no Goodbye follows', async () => {
    localStorage.setItem('access_token', 'tok');
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ message: false });
    expect(localStorage.getItem('access_token')).toBeNull();
    await authProvider.logout();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shown().map((n) => n.title)).toEqual(['Authentication Required']);
  });

  it('a 403 shows Access Denied and keeps the user signed in', async () => {
    localStorage.setItem('access_token', 'tok');
    await expect(authProvider.checkError({ status: 403 })).rejects.toMatchObject({ logoutUser: false, message: false });
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(shown()).toEqual([
      { type: 'error', title: 'Access Denied', message: 'You are not authorized to perform this action' },
    ]);
  });

  it('other errors leave the session alone', async () => {
    localStorage.setItem('access_token', 'tok');
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(localStorage.getItem('access_token')).toBe('tok');
  });

  it('getIdentity reads /api/me', async () => {
    localStorage.setItem('access_token', 'tok');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 7, name: 'Ada', email: 'a@x.io' }));
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: 7, fullName: 'Ada', email: 'a@x.io' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/me');
  });
});
