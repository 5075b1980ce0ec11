// The one fetch wrapper (STYLE.md): Bearer token, CSRF header, in-flight counter, error mapping.
import { CSRF_COOKIE, CSRF_HEADER } from '../schema/api';
import { config, TOKEN_STORAGE_KEY } from './config';
import { inFlight } from './inFlight';
import { catalogue } from './notifications/catalogue';
import type { StartedRead } from './earlyReads';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

// react-admin only reads `status`, `message` and `body` from errors, so its own HttpError class is not needed here
// (importing it would pull ra-core into the sign-in page).
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  // status 0: the request never got an answer.
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface HttpOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
  // The caller shows this request's progress itself (a reorder): the loading overlay, which would cover that
  // progress and its controls, does not count it (issue #8 item 6; SPEC §1 still holds for page loads).
  ownProgress?: boolean;
}

export const apiUrl = (path: string): string => `${config.apiBase}api/${path.replace(/^\//, '')}`;

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (token: string): void => localStorage.setItem(TOKEN_STORAGE_KEY, token),
  clear: (): void => localStorage.removeItem(TOKEN_STORAGE_KEY),
};

const SAFE_METHODS = new Set(['GET', 'HEAD']);

// SPEC §7: the CSRF header goes only on requests to relative URLs, so a token never leaks to another origin.
export const isRelativeUrl = (url: string): boolean => !/^[a-z][a-z\d+.-]*:|^\/\//i.test(url);

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

async function csrfToken(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  // First mutating call of a visit that never hit the server for a page (the dev server, a cached index.html):
  // ask the API to set the cookie.
  await fetch(apiUrl('csrf'), { credentials: 'same-origin' });
  return readCookie(CSRF_COOKIE);
}

function parseJson(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function serverMessage(json: unknown): string | undefined {
  if (json && typeof json === 'object' && 'message' in json) {
    const { message } = json as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

// Issue #10: reads started as the page opens, before the console's script has arrived (src/App.tsx), each kept for
// the first request of the same address, with the same token, within EARLY_READ_KEPT_MS.
export const EARLY_READ_KEPT_MS = 10_000;
interface EarlyRead {
  response: Promise<HttpResponse>;
  token: string | null;
  at: number;
  // The answer, once it has come (a success).
  arrived?: HttpResponse;
}
const earlyReads = new Map<string, EarlyRead>();

/**
 * Starts reading `url` now, for the console to take when it asks for it (httpClient, below); `started` is the read
 * index.html's inline script already began (src/earlyReads.ts), used when it was sent with the token stored now (not
 * when another tab signed out and in meanwhile), and dated when it was sent.
 */
export function readEarly(url: string, started?: StartedRead): void {
  const token = tokenStore.get();
  const taken = started && started.token === token ? started : undefined;
  const early: EarlyRead = { response: httpClient(url, {}, taken?.response), token, at: taken?.at ?? Date.now() };
  // A read nobody takes fails quietly; the request that takes it gets its answer or its error.
  early.response.then(
    (answer) => {
      early.arrived = answer;
    },
    () => undefined,
  );
  earlyReads.set(url, early);
}

// Read with another session's token (signed out and in again meanwhile), or long ago: not to be used.
const usable = (early: EarlyRead | undefined): early is EarlyRead =>
  early !== undefined && early.token === tokenStore.get() && Date.now() - early.at < EARLY_READ_KEPT_MS;

function takeEarlyRead(url: string): Promise<HttpResponse> | undefined {
  const early = earlyReads.get(url);
  earlyReads.delete(url);
  return usable(early) ? early.response : undefined;
}

/**
 * The body of an early read of `url` that has already answered, and when it was asked for, taken: what the console
 * draws its first screen with. Its own request for the same address within EARLY_READ_KEPT_MS could only have answered
 * the same, so the console keeps it as current until then (src/consoleCaches.ts) instead of asking again, which cost
 * a second render of the whole form after the first paint (issue #10). A read that has not answered yet is left for
 * that request to take.
 */
export function takeEarlyAnswer(url: string): { json: unknown; readAt: number } | undefined {
  const early = earlyReads.get(url);
  if (!usable(early) || early.arrived === undefined) return undefined;
  earlyReads.delete(url);
  return { json: early.arrived.json, readAt: early.at };
}

// `started`: the fetch of this very request, already under way (an early read, src/earlyReads.ts).
export async function httpClient(url: string, { ownProgress = false, ...options }: HttpOptions = {}, started?: Promise<Response>): Promise<HttpResponse> {
  const method = (options.method ?? 'GET').toUpperCase();
  if (method === 'GET' && earlyReads.size > 0) {
    const early = takeEarlyRead(url);
    if (early) return early;
  }
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof options.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const token = tokenStore.get();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

  if (!ownProgress) inFlight.begin();
  try {
    let response: Response;
    try {
      if (!SAFE_METHODS.has(method) && isRelativeUrl(url)) {
        const csrf = await csrfToken();
        if (csrf) headers.set(CSRF_HEADER, csrf);
      }
      // A delete outlives the page that sent it (keepalive): one sent as the page goes (an Undo's notice cut short by
      // a reload, ReactAdminNotifications.tsx) is still made. It has no body, well under keepalive's 64 KB.
      response = await (started ?? fetch(url, { ...options, method, headers, credentials: 'same-origin', ...(method === 'DELETE' && { keepalive: true }) }));
    } catch (error) {
      // A read its caller gave up on (react-admin's AbortSignal, src/dataProvider.ts) is no connection error.
      if (options.signal?.aborted) throw error;
      throw new HttpError(catalogue.networkError.message, 0);
    }
    const body = await response.text();
    const json = parseJson(body);
    if (!response.ok) {
      throw new HttpError(serverMessage(json) ?? catalogue.error.message, response.status, json);
    }
    return { status: response.status, headers: response.headers, body, json };
  } finally {
    if (!ownProgress) inFlight.end();
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

// Uploads go through XMLHttpRequest because fetch cannot report upload progress (issue #3: inputs show it).
// Same rules as httpClient: token, CSRF header, errors mapped to HttpError. Not counted in flight: the input shows
// the progress and a Cancel button, which the loading overlay must not cover (issue #8 item 6).
export async function uploadWithProgress(
  url: string,
  body: FormData,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  const csrf = isRelativeUrl(url) ? await csrfToken().catch(() => null) : null;
  return await new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (csrf) request.setRequestHeader(CSRF_HEADER, csrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      const json = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(json);
      else reject(new HttpError(serverMessage(json) ?? catalogue.error.message, request.status, json));
    };
    request.onerror = () => reject(new HttpError(catalogue.networkError.message, 0));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

// Downloads a file the API produces (CSV exports) with the same token and headers as any other call.
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const token = tokenStore.get();
  inFlight.begin();
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
    } catch {
      throw new HttpError(catalogue.networkError.message, 0);
    }
    if (!response.ok) {
      const json = parseJson(await response.text());
      throw new HttpError(serverMessage(json) ?? catalogue.error.message, response.status, json);
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } finally {
    inFlight.end();
  }
}
