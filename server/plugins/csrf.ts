import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../schema/api';
import type { Config } from '../config';
import { HttpError, decodedPath, isApiPath, routePath } from '../http-error';
import { isPrivateAnswer } from './authenticate';
import { RANDOM_TOKEN_PATTERN, randomToken, safeEqual } from '../secrets';

// SPEC §7: the console copies the cookie into the header on non-GET/HEAD requests (names in schema/api.ts).
export const CSRF_ERROR = 'Invalid or missing CSRF token.';
export const FOREIGN_ORIGIN_ERROR = 'Refused: this request comes from a page on another site, and only pages of this server may change data here.';

/**
 * A website form posted from a page whose origin the API does not take forms from. Browsers send a multipart or
 * URL-encoded form from any page without asking first (no preflight): without this, such a post was stored, CV and
 * all, while the page was told only "Failed to fetch", and visitors sent it again (an outside probe).
 */
export const formOriginError = (origin: string) =>
  `Refused: this form was sent from a page at ${clipped(origin)}, which is not one of the website addresses this API takes forms from (WEBSITE_ORIGINS). Nothing was stored.`;

/**
 * A browser's preflight for the website API from a page whose origin is not in WEBSITE_ORIGINS: the browser still
 * blocks the call, and a developer reads this in its network panel instead of a 404 that looked like a wrong address.
 */
export const preflightOriginError = (origin: string) =>
  `Refused: pages at ${clipped(origin)} may not call this API from a browser; add the origin to WEBSITE_ORIGINS to allow them.`;

const clipped = (origin: string) => (origin.length > 200 ? `${origin.slice(0, 200)}…` : origin);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a route from the CSRF check: only for routes that use no cookie or session at all
     * (the public website's form submissions). Set per route, so no URL trick can reach an exempt check.
     */
    csrf?: boolean;
  }
}

/**
 * Double-submit cookie. A page on another origin can make the browser send the
 * cookie but cannot read it, so it cannot echo it in the header.
 * Needs @fastify/cookie registered first.
 */
export function registerCsrf(app: FastifyInstance, config: Pick<Config, 'cookieSecure' | 'publicUrl' | 'websiteOrigins'>): void {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  const hasValidCookie = (request: FastifyRequest) => {
    // None read yet when an earlier hook refused the request (two Host headers, plugins/host-header.ts).
    const cookie = (request.cookies as FastifyRequest['cookies'] | null)?.[CSRF_COOKIE];
    return cookie !== undefined && RANDOM_TOKEN_PATTERN.test(cookie);
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!hasValidCookie(request) && issuesCookie(request, reply)) {
      reply.setCookie(CSRF_COOKIE, randomToken(), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false, // the console's JavaScript must read it
        secure: config.cookieSecure,
      });
    }
    return payload;
  });
  const refusedOrigins = new Set<string>();
  // Once per origin in the log: the address a developer must add is the one the browser sent.
  const logRefused = (request: FastifyRequest, origin: string) => {
    if (refusedOrigins.size >= 100 || refusedOrigins.has(origin)) return;
    refusedOrigins.add(origin);
    request.log.warn({ origin: clipped(origin) }, 'website API call refused: its page is not on an origin of WEBSITE_ORIGINS');
  };
  const ownOrigin = (origin: string, request: FastifyRequest) => origin === publicOrigin || isOwnOrigin(origin, request);
  const websiteOrigin = (origin: string, request: FastifyRequest) => config.websiteOrigins.includes(origin) || ownOrigin(origin, request);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (
      request.method === 'OPTIONS' &&
      origin !== undefined &&
      request.headers['access-control-request-method'] !== undefined &&
      decodedPath(request.url).startsWith('/api/public/') &&
      !websiteOrigin(origin, request)
    ) {
      logRefused(request, origin);
      return reply.code(403).header('cache-control', 'no-store').send({ message: preflightOriginError(origin) });
    }
    // Routing has happened by now: this is the matched route's own configuration.
    if (request.routeOptions.config.csrf === false) {
      // A website form takes no cookie or token; a browser says which page sent it, and that page must be the
      // website's (WEBSITE_ORIGINS) or this server's own. A post without Origin (a website's server relaying it,
      // curl) is taken as before.
      if (request.method !== 'POST' || origin === undefined || websiteOrigin(origin, request)) return;
      logRefused(request, origin);
      throw new HttpError(403, formOriginError(origin));
    }
    // Nor where the website posts to a form that does not exist: no route, nothing to protect, and the website takes
    // no token; it answers 404 like any unknown form (server/routes/public.ts).
    if (request.is404 && routePath(request).startsWith('/api/public/')) return;
    // The matched route, not the raw URL: `/%61pi/blogs` reaches /api/blogs and must meet the same check.
    if (SAFE_METHODS.has(request.method) || !isApiPath(routePath(request))) return;
    // Browsers say where a request comes from; a page elsewhere has no business changing anything (issue #9).
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, FOREIGN_ORIGIN_ERROR);
    if (origin !== undefined && !ownOrigin(origin, request)) throw new HttpError(403, FOREIGN_ORIGIN_ERROR);
    // Node hands header names lower-cased.
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (!hasValidCookie(request) || typeof header !== 'string' || !safeEqual(header, request.cookies[CSRF_COOKIE]!)) {
      throw new HttpError(403, CSRF_ERROR);
    }
  });
}

/**
 * Where a request without the cookie gets one: where the console needs it. Its pages, GET /api/csrf (which it asks
 * when it has none, src/httpClient.ts), and the admin API's answers that no cache keeps (sign-in, a signed-in user's).
 * Never an answer a cache may keep (its hashed files, an image, the website's API, any 304): caches (a CDN, Varnish,
 * nginx) store none that sets a cookie, and one that did would hand one token to every visitor; a website's visitors
 * would get a cookie of another site for nothing.
 */
function issuesCookie(request: FastifyRequest, reply: FastifyReply): boolean {
  // An exempt route uses no cookie (the website's API and forms, the API document).
  if (reply.statusCode === 304 || request.routeOptions.config.csrf === false) return false;
  if (/\b(?:public|immutable|s-maxage)\b/.test(String(reply.getHeader('cache-control') ?? ''))) return false;
  const path = routePath(request);
  if (path === '/api/csrf') return true;
  if (path.startsWith('/api/public/') || (path.startsWith('/api/uploads/') && SAFE_METHODS.has(request.method))) return false;
  if (isApiPath(path)) return isPrivateAnswer(request, reply);
  // The console's pages (index.html for every address of it), not its files.
  return request.method === 'GET' && reply.statusCode === 200 && !path.startsWith('/assets/') && /^text\/html\b/.test(String(reply.getHeader('content-type') ?? ''));
}

/**
 * Whether `origin` is the address the request was sent to (its Host, or X-Forwarded-Host from a trusted proxy).
 * Over plain HTTP an https page of the same host counts too: a TLS proxy not declared in TRUST_PROXY forwards it as
 * http. `null` (sandboxed frames, some redirects) is never ours.
 */
function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const page = new URL(origin);
    const target = new URL(`${request.protocol}://${request.host}`);
    if (page.origin !== origin || page.host !== target.host) return false;
    return page.protocol === target.protocol || target.protocol === 'http:';
  } catch {
    return false;
  }
}
