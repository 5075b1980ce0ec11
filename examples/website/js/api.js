// The one module that talks to Cornerstone's public API (docs/api.md). No token: everything under /api/public/
// is readable by anyone, and the API allows this site's origin through CORS (WEBSITE_ORIGINS on the server).
import { config } from '../config.js';

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status; 0 when the API could not be reached
   * @param {string} message what the API said, or a readable stand-in
   * @param {Record<string, string>} [errors] one message per field (400 answers to a form)
   */
  constructor(status, message, errors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/**
 * @param {string} path after /api/public/, e.g. 'blogs' or `blogs/${slug}`
 * @param {Query} [query]
 */
function publicUrl(path, query = {}) {
  const url = new URL(`${config.apiUrl}/api/public/${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * @param {URL} url
 * @param {RequestInit} init
 * @returns {Promise<any>} the JSON body of a 2xx answer
 */
async function request(url, init) {
  let response;
  try {
    // credentials stay 'same-origin' (the default): the website never sends cookies to the API.
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message = typeof body?.message === 'string' ? body.message : response.statusText || 'Something went wrong';
    const errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
    throw new ApiError(response.status, message, errors);
  }
  return body;
}

/** @typedef {import('./api-types').Lists} Lists @typedef {import('./api-types').Singles} Singles */
/** @typedef {Record<string, string | number | boolean | undefined>} Query */

/**
 * One object: GET /api/public/<name> (hero, contact-us, seo?path=…).
 * @template {keyof Singles} K
 * @param {K} name
 * @param {Query} [query]
 * @returns {Promise<Singles[K]>}
 */
export function getOne(name, query) {
  return request(publicUrl(name, query), { method: 'GET' });
}

/**
 * A collection's items, in the order the administrator set: GET /api/public/<name> answers `{ data: [...] }`
 * (paginated lists add page, per_page, total, total_exact, total_pages and next_cursor).
 * @template {keyof Lists} K
 * @param {K} name
 * @param {Query} [query]
 * @returns {Promise<Lists[K][]>}
 */
export async function getList(name, query) {
  const body = await request(publicUrl(name, query), { method: 'GET' });
  return Array.isArray(body?.data) ? body.data : [];
}

/**
 * A published post, its content included; 404 for a draft or a post not due yet.
 * @param {string} slug
 * @returns {Promise<import('./api-types').Post>}
 */
export function getPost(slug) {
  return request(publicUrl(`blogs/${encodeURIComponent(slug)}`), { method: 'GET' });
}

/**
 * An open job posting with its description and requirements; 404 once it is closed.
 * @param {string} id
 * @returns {Promise<import('./api-types').Job>}
 */
export function getJob(id) {
  return request(publicUrl(`careers/${encodeURIComponent(id)}`), { method: 'GET' });
}

/**
 * POST /api/public/<form>. A FormData goes as multipart/form-data (it may carry a file); anything else as JSON.
 * @param {string} form e.g. 'contact-us-form'
 * @param {FormData | Record<string, unknown>} body
 * @returns {Promise<any>}
 */
export function postForm(form, body) {
  if (body instanceof FormData) return request(publicUrl(form), { method: 'POST', body });
  return request(publicUrl(form), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
