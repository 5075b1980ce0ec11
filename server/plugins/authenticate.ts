import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BACKGROUND_HEADER } from '../../schema/api';
import type { AuthUser } from '../../schema/auth';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { HttpError, isApiPath, routePath } from '../http-error';
import {
  LAST_USED_PRECISION_MS,
  deleteToken,
  findSessionKept,
  forgetKeptSessions,
  idleCutoff,
  isSessionOpen,
  keptSessionsGeneration,
  noteSessionUsed,
  touchToken,
} from '../repositories/tokens';
import { RANDOM_TOKEN_PATTERN, sha256 } from '../secrets';

export const AUTH_REQUIRED = 'Authentication required.';

declare module 'fastify' {
  interface FastifyInstance {
    /** For protected routes, as they arrive (nothing parsed or validated before): `{ onRequest: app.authenticate }`; sets `request.user` or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** Id of the token row that authenticated this request (logout revokes it). */
    tokenId: number | null;
  }
}

const sessionsSeen = new WeakMap<FastifyRequest, number>();

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export function registerAuthentication(app: FastifyInstance, db: Kysely<Database>, config: Pick<Config, 'sessionIdleMinutes'>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  // Kept sessions (repositories/tokens.ts) are forgotten when tokens or users are written, before the write commits;
  // a lookup meanwhile may still have read the state before. Once the request that wrote has been answered, its
  // transaction has committed: forgotten again, so no kept session predates it.
  app.addHook('onRequest', (request, _reply, done) => {
    sessionsSeen.set(request, keptSessionsGeneration());
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (sessionsSeen.get(request) !== keptSessionsGeneration()) forgetKeptSessions();
    done();
  });
  // A route authenticated as the request arrives (onRequest: nobody unknown gets to send a body) is asked again, for
  // a write, once its body is in: a session that ended while the body came (a sign-out, a deactivation) writes
  // nothing. The write's own transaction asks once more (repositories/tokens.ts isSessionOpen).
  app.addHook('preHandler', async (request, reply) => {
    if (request.tokenId === null || request.method === 'GET' || request.method === 'HEAD') return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await findSessionKept(db, sha256(token), new Date()) : undefined;
    if (session?.tokenId !== request.tokenId) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, AUTH_REQUIRED);
    }
  });
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const now = new Date();
    // Only tokens we could have issued reach the database.
    const tokenHash = token && RANDOM_TOKEN_PATTERN.test(token) ? sha256(token) : undefined;
    let session = tokenHash ? await findSessionKept(db, tokenHash, now) : undefined;
    // Unused past the idle limit (SESSION_IDLE_MINUTES): ended like an expired one, and the row goes now.
    const idle = idleCutoff(config.sessionIdleMinutes, now);
    if (session && idle !== undefined && session.lastUsedAt <= idle) {
      await deleteToken(db, session.tokenId);
      session = undefined;
    }
    if (!session) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, AUTH_REQUIRED);
    }
    // At most one write a minute per token: a list page's burst of requests reads only. The console's own polling
    // (BACKGROUND_HEADER) is not use: an unattended console still reaches its idle limit.
    const background = request.headers[BACKGROUND_HEADER.toLowerCase()] === '1';
    if (!background && now.getTime() - Date.parse(session.lastUsedAt) >= LAST_USED_PRECISION_MS) {
      // Best effort: a busy or read-only database must not refuse a read because a timestamp could not be written.
      const touched = await touchToken(db, session.tokenId, now).then(
        () => true,
        (error: unknown) => {
          request.log.warn({ err: error }, 'could not record the session as used');
          return false;
        },
      );
      // Touched, or already touched within the minute by another instance: either way no write is due for a minute.
      if (touched && tokenHash) noteSessionUsed(tokenHash, now);
    }
    request.user = session.user;
    request.tokenId = session.tokenId;
  });
}

/**
 * Inside a write's transaction: the session it was asked with (`tokenId`, when the write came from a request) is
 * still open, or the write is refused as unauthenticated and rolls back (repositories/tokens.ts isSessionOpen).
 */
export async function requireOpenSession(trx: Kysely<Database>, tokenId: number | null | undefined, now = new Date()): Promise<void> {
  if (tokenId != null && !(await isSessionOpen(trx, tokenId, now))) throw new HttpError(401, AUTH_REQUIRED);
}

/** The signed-in user in a handler behind `app.authenticate`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, AUTH_REQUIRED);
  return request.user;
}

/**
 * Answers no shared or browser cache may keep: those to a signed-in request, to a route that needs a user (a 401 from
 * a route that needs one only at times, a document's download, included), and to sign-in (a token). The website's API
 * ignores credentials, so its answers keep their caching (plugins/public-cache.ts).
 */
export function isPrivateAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = routePath(request);
  if (!isApiPath(path) || path.startsWith('/api/public/')) return false;
  if (reply.statusCode === 401 || request.headers.authorization !== undefined || request.user !== null || (path === '/api/login' && !request.is404)) return true;
  const security = (request.routeOptions.schema as { security?: Array<Record<string, unknown>> } | undefined)?.security;
  // OpenAPI lists alternatives: a user is required when every one of them names the bearer token.
  return security !== undefined && security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement);
}
