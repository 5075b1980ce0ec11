import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../schema/api';
import type { Config } from '../config';
import { HttpError, isApiPath } from '../http-error';
import { RANDOM_TOKEN_PATTERN, randomToken, safeEqual } from '../secrets';

// SPEC §7: the console copies the cookie into the header on non-GET/HEAD requests (names in schema/api.ts).
export const CSRF_ERROR = 'Invalid or missing CSRF token.';

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
export function registerCsrf(app: FastifyInstance, config: Pick<Config, 'cookieSecure'>): void {
  app.addHook('onRequest', async (request, reply) => {
    // Routing has happened by now: this is the matched route's own configuration. An exempt route (the website's
    // API) sets no cookie either: its answers are cached by CDNs, which keep no answer that sets one.
    if (request.routeOptions.config.csrf === false) return;
    // Nor where the website posts to a form that does not exist: no route, nothing to protect, and the website takes
    // no token; it answers 404 like any unknown form (server/routes/public.ts).
    if (request.is404 && request.url.startsWith('/api/public/')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const hasValidCookie = cookie !== undefined && RANDOM_TOKEN_PATTERN.test(cookie);
    if (!hasValidCookie) {
      reply.setCookie(CSRF_COOKIE, randomToken(), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false, // the console's JavaScript must read it
        secure: config.cookieSecure,
      });
    }

    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    // Node hands header names lower-cased.
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (!hasValidCookie || typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw new HttpError(403, CSRF_ERROR);
    }
  });
}
