import type { FastifyRequest } from 'fastify';

/** An error whose status and message are meant for the client (4xx); the error handler sends them as they are. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** More of the answer's body, beside `message` (an edit conflict's, server/edit-conflicts.ts). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** `path` is a path as the router sees it: from `routePath` or `decodedPath`, never a raw URL. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** The request's path decoded as the router decodes it: `/%61pi/blogs` is `/api/blogs` (issue #9). */
export function decodedPath(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(pathname);
  } catch {
    // Malformed: the router refuses it (400) before any rule runs.
    return pathname;
  }
}

/**
 * The path a rule must look at: the pattern of the route the router matched (`/api/:area`), else (nothing matched,
 * or a catch-all such as CORS's preflight `*`) the decoded path. A rule on the raw URL is skipped by `/%61pi/…`,
 * which the router still sends to `/api/…`.
 */
export function routePath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  return pattern?.startsWith('/') ? pattern : decodedPath(request.url);
}
