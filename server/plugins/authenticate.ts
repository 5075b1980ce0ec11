import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../schema/auth';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { findSession } from '../repositories/tokens';
import { RANDOM_TOKEN_PATTERN, sha256 } from '../secrets';

export const AUTH_REQUIRED = 'Authentication required.';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for protected routes: `{ preHandler: app.authenticate }`; sets `request.user` or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** Id of the token row that authenticated this request (logout revokes it). */
    tokenId: number | null;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export function registerAuthentication(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    // Only tokens we could have issued reach the database.
    const session = token && RANDOM_TOKEN_PATTERN.test(token) ? await findSession(db, sha256(token)) : undefined;
    if (!session) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, AUTH_REQUIRED);
    }
    request.user = session.user;
    request.tokenId = session.tokenId;
  });
}

/** The signed-in user in a handler behind `app.authenticate`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, AUTH_REQUIRED);
  return request.user;
}
