import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_KEPT_MS, HttpError, httpClient, isRelativeUrl, readEarly, takeEarlyAnswer } from './httpClient';
import { inFlight } from './inFlight';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sentHeaders = (call = 0): Headers => (fetchMock.mock.calls[call]?.[1] as RequestInit).headers as Headers;

describe('httpClient', () => {
  it('sends the stored token as a Bearer header', async () => {
    localStorage.setItem('access_token', 'abc');
    await httpClient('/api/me');
    expect(sentHeaders().get('Authorization')).toBe('Bearer abc');
  });

  it('sends no Authorization header when signed out', async () => {
    await httpClient('/api/me');
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on a POST to a relative URL (SPEC §7)', async () => {
    document.cookie = 'XSRF-TOKEN=cookie-value; path=/';
    await httpClient('/api/blogs', { method: 'POST', body: '{}' });
    expect(sentHeaders().get('X-XSRF-TOKEN')).toBe('cookie-value');
  });

  it('does not send the CSRF header on GET or HEAD', async () => {
    document.cookie = 'XSRF-TOKEN=cookie-value; path=/';
    await httpClient('/api/blogs');
    await httpClient('/api/blogs', { method: 'HEAD' });
    expect(sentHeaders(0).has('X-XSRF-TOKEN')).toBe(false);
    expect(sentHeaders(1).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('never sends the CSRF header to another origin', async () => {
    document.cookie = 'XSRF-TOKEN=cookie-value; path=/';
    await httpClient('https://elsewhere.example/api/x', { method: 'DELETE' });
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
  });

  it('asks the API for a CSRF cookie first when there is none', async () => {
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'XSRF-TOKEN=fresh; path=/';
      return new Response(null, { status: 204 });
    });
    await httpClient('/api/logout', { method: 'POST' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/csrf');
    expect(sentHeaders(1).get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('counts requests in flight and releases the count when they fail', async () => {
    let release!: () => void;
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(500, {})))),
    );
    const pending = httpClient('/api/slow').catch(() => undefined);
    await vi.waitFor(() => expect(inFlight.getSnapshot()).toBe(1));
    release();
    await pending;
    expect(inFlight.getSnapshot()).toBe(0);
  });

  it('does not count a request whose progress the caller shows itself (issue #8 item 6), nor send the flag', async () => {
    let release!: () => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, {})))));
    const pending = httpClient('/api/features/order', { method: 'PUT', body: '{}', ownProgress: true });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(inFlight.getSnapshot()).toBe(0);
    expect(fetchMock.mock.calls[0]?.[1]).not.toHaveProperty('ownProgress');
    release();
    await pending;
    expect(inFlight.getSnapshot()).toBe(0);
  });

  it('lets a read its caller aborted go at once: out of the in-flight count, rejected as an abort, not as a connection error', async () => {
    // As fetch does: the promise rejects with the signal's reason the moment it is aborted, answer or not.
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const controller = new AbortController();
    const pending = httpClient('/api/blogs?page=2', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(inFlight.getSnapshot()).toBe(1));
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(inFlight.getSnapshot()).toBe(0);
  });

  it('maps a network failure to the Connection Error message with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await httpClient('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: 'Please check your internet connection' });
    expect(inFlight.getSnapshot()).toBe(0);
  });

  it("keeps the server's message and status on an HTTP error", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(422, { message: 'Title is required' }));
    const error = await httpClient('/api/blogs').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, message: 'Title is required', body: { message: 'Title is required' } });
  });

  it("falls back to the catalogue's generic message when the server gives none", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status: 502 }));
    const error = await httpClient('/api/blogs').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Something went wrong' });
  });

  it('returns status, headers, body and parsed json on success', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('[{"id":1}]', { status: 200, headers: { 'Content-Range': 'blogs 0-0/1' } }),
    );
    const response = await httpClient('/api/blogs');
    expect(response.status).toBe(200);
    expect(response.json).toEqual([{ id: 1 }]);
    expect(response.headers.get('Content-Range')).toBe('blogs 0-0/1');
  });
});

// Issue #10: the dashboard's record, read as the page opens (src/App.tsx), for the console to take.
describe('early reads', () => {
  const records = (version: number) => jsonResponse(200, { id: 1, headline: `Version ${version}` });

  it('gives the answer of an early read to the first GET of the same address, then reads again', async () => {
    localStorage.setItem('access_token', 'abc');
    fetchMock.mockResolvedValueOnce(records(1)).mockResolvedValueOnce(records(2));
    readEarly('/api/hero/1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await httpClient('/api/hero/1')).json).toEqual({ id: 1, headline: 'Version 1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: a later read (after a save, say) asks the API again.
    expect((await httpClient('/api/hero/1')).json).toEqual({ id: 1, headline: 'Version 2' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another address, a write, another token or a read after EARLY_READ_KEPT_MS', async () => {
    localStorage.setItem('access_token', 'abc');
    document.cookie = 'XSRF-TOKEN=cookie-value; path=/';
    fetchMock.mockImplementation(async () => records(fetchMock.mock.calls.length));
    readEarly('/api/hero/1');
    await httpClient('/api/hero/2');
    await httpClient('/api/hero/1', { method: 'PUT', body: '{}' });
    expect(fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`)).toEqual([
      'GET /api/hero/1',
      'GET /api/hero/2',
      'PUT /api/hero/1',
    ]);
    // Signed out and in again meanwhile: the record is read again, with the new token.
    localStorage.setItem('access_token', 'def');
    await httpClient('/api/hero/1');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(sentHeaders(3).get('Authorization')).toBe('Bearer def');

    vi.useFakeTimers({ now: Date.now() });
    try {
      readEarly('/api/hero/1');
      vi.advanceTimersByTime(EARLY_READ_KEPT_MS);
      await httpClient('/api/hero/1');
      expect(fetchMock).toHaveBeenCalledTimes(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives an answer that has come, once, with when it was asked for; leaves one still coming for the request that takes it; nothing for another token or a failure', async () => {
    localStorage.setItem('access_token', 'abc');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const askedAt = Date.now();
    readEarly('/api/hero/1');
    // Not come yet: left for the console's own request, which takes it (one read).
    expect(takeEarlyAnswer('/api/hero/1')).toBeUndefined();
    answer(records(1));
    expect((await httpClient('/api/hero/1')).json).toEqual({ id: 1, headline: 'Version 1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(records(2));
    readEarly('/api/hero/1');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    localStorage.setItem('access_token', 'def');
    expect(takeEarlyAnswer('/api/hero/1')).toBeUndefined();
    localStorage.setItem('access_token', 'abc');
    const taken = takeEarlyAnswer('/api/hero/1');
    expect(taken?.json).toEqual({ id: 1, headline: 'Version 2' });
    expect(taken?.readAt).toBeGreaterThanOrEqual(askedAt);
    expect(taken?.readAt).toBeLessThanOrEqual(Date.now());
    // Taken: given once, and the next request reads again.
    expect(takeEarlyAnswer('/api/hero/1')).toBeUndefined();
    fetchMock.mockResolvedValueOnce(records(3));
    expect((await httpClient('/api/hero/1')).json).toEqual({ id: 1, headline: 'Version 3' });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'Database unavailable' }));
    readEarly('/api/hero/1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(takeEarlyAnswer('/api/hero/1')).toBeUndefined();
  });

  it('hands a failed early read to the request that takes it, and fails quietly when none does', async () => {
    localStorage.setItem('access_token', 'stale');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Your session has expired.' }));
      readEarly('/api/hero/1');
      const error = await httpClient('/api/hero/1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 401, message: 'Your session has expired.' });
      readEarly('/api/about-us/1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('isRelativeUrl', () => {
  it.each([
    ['/api/login', true],
    ['api/login', true],
    ['https://x.example/api', false],
    ['//x.example/api', false],
    ['HTTP://x.example', false],
  ])('%s → %s', (url, expected) => {
    expect(isRelativeUrl(url)).toBe(expected);
  });
});
