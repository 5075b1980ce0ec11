import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path, { posix } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { decodedPath, isApiPath } from '../http-error';

/** The console's pages: revalidated each time, and kept by this browser only (they may set the CSRF cookie). */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

export const NOT_BUILT_MESSAGE = 'The console has not been built yet: run `npm run build`, then restart the server.';

/**
 * The Content-Security-Policy sources of the inline scripts in the built index.html (`'sha256-…'`): the one the build
 * writes there (vite.config.ts, startConsoleWhenSignedIn) runs, and no other inline script would. None before a build.
 */
export function inlineScriptSources(staticDir: string): string[] {
  const file = path.join(path.resolve(staticDir), 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
}

/**
 * Whether a path has no empty or dot segment and no backslash. One that does (`//api/me`, `/dashboard//blogs`,
 * `/./x`) names no file (the files' server refuses it 403 Forbidden, failing closed) and no address of the console:
 * such a path starting `//` is another site to a browser's router, so the console is not sent for it either. It is
 * answered as an unknown address: `//api/me` as `/api//me` is, a JSON 404.
 */
function isCanonical(path: string): boolean {
  return !path.includes('\\') && posix.normalize(path) === path;
}

/**
 * An onRequest hook for a route of files (the console's, the API document page's): a path that can name no file (not
 * canonical, or a name longer than a file's may be, 255 bytes) is answered by the not-found handler, as every unknown
 * address is (a JSON 404 under /api/), where the files' server answered 403 Forbidden. `alsoApi`: an API path that
 * reaches the console's catch-all route is an unknown one too.
 */
export function filesOnly({ alsoApi = false } = {}): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const path = decodedPath(request.url);
    if ((alsoApi && isApiPath(path)) || !isCanonical(path) || path.split('/').some((name) => Buffer.byteLength(name) > 255)) return reply.callNotFound();
  };
}

/**
 * Serves the built console from STATIC_DIR with an SPA fallback, and answers every
 * other unmatched request (including unknown /api paths) with a JSON 404.
 */
export async function registerConsole(app: FastifyInstance, config: Pick<Config, 'staticDir'>): Promise<void> {
  const root = path.resolve(config.staticDir);
  const built = existsSync(path.join(root, 'index.html'));

  if (built) {
    // An API address the router does not match (`/api//blogs`, `/api/./blogs`) reaches the console's files, whose
    // server answered some of them 403 Forbidden (a dot segment, a name too long for a file): it is an unknown API
    // path, answered by the not-found handler below as every other one. A hook of the files' route alone, so that no
    // other request pays for it.
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*') return;
      // A name longer than a file's may be (255 bytes) is no file either: the not-found handler answers it as one
      // (the console for one of its addresses), where the files' server answered 403 Forbidden.
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), filesOnly({ alsoApi: true })];
    });
    await app.register(fastifyStatic, {
      root,
      // Issue #10: the build leaves brotli and gzip copies beside each file (vite.config.ts); a browser that accepts
      // one gets it, with Vary: Accept-Encoding, and no CPU is spent compressing per request.
      preCompressed: true,
      cacheControl: false, // set below, per kind of file
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath).split(path.sep);
        // Vite puts content-hashed files under assets/: a new build gets new names.
        if (relative[0] === 'assets') reply.header('cache-control', 'public, max-age=31536000, immutable');
        // A page may set the CSRF cookie: for this browser only, never a shared cache (an outside probe).
        else reply.header('cache-control', filePath.endsWith('.html') ? PAGE_CACHE_CONTROL : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // Decoded: `/%61pi/nothing` is an unknown API path too, answered in JSON, not with the console.
    const path = decodedPath(request.url);
    if (isApiPath(path) || !isRead || !isCanonical(path)) return reply.code(404).send({ message: 'Not Found' });
    if (!built) return reply.code(404).send({ message: NOT_BUILT_MESSAGE });
    // A missing hashed file (stale tab after a deploy) must not be answered with HTML.
    if (path.startsWith('/assets/')) return reply.code(404).send({ message: 'Not Found' });
    // A file that is not there (/favicon.ico, /robots.txt, /sitemap.xml, a scanner's /wp-login.php) is not a page of
    // the console, whose addresses have no extension: 404, not its HTML answered 200 (which a crawler reads as a
    // robots.txt, and which set a CSRF cookie for nothing: an outside probe).
    if (/\.[A-Za-z0-9]{1,16}$/.test(path)) return reply.code(404).send({ message: 'Not Found' });
    return reply.header('cache-control', PAGE_CACHE_CONTROL).sendFile('index.html');
  });
}
