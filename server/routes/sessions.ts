// A user's own sessions (issue #9): see where you are signed in, end one, or end all but this one. Each answers for
// the signed-in user only: another user's session is as unknown as one that never existed (404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SESSION_NOT_FOUND, sessionSchema, signOutOthersSchema } from '../../schema/sessions';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';
import { requireUser } from '../plugins/authenticate';
import { SIGNED_IN, SIGNED_IN_WITH_CSRF } from '../plugins/openapi';
import { insertAuditEntry } from '../repositories/audit';
import { deleteExpiredTokens, deleteUserToken, deleteUserTokens, listUserSessions } from '../repositories/tokens';
import { errorResponses, noContent } from './contract';
import { idParams } from './resources';

export interface SessionRoutesOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'sessionIdleMinutes'>;
}

export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, { db, config }) => {
  app.get(
    '/api/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'listSessions',
        summary: 'Your active sessions',
        description: 'Every session of the signed-in user within both limits (TOKEN_TTL_HOURS, SESSION_IDLE_MINUTES), the most recently used first.',
        security: SIGNED_IN,
        response: { 200: z.array(sessionSchema).describe('Your sessions; `current` marks this one.'), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const sessions = await listUserSessions(db, user.id, config.sessionIdleMinutes);
      return sessions.map((session) => ({
        id: session.id,
        created_at: session.createdAt,
        last_used_at: session.lastUsedAt,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
        current: session.id === request.tokenId,
      }));
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'deleteSession',
        summary: 'Sign out one of your sessions',
        description: 'Ends one of your own sessions, this one included; its token answers 401 from then on.',
        security: SIGNED_IN_WITH_CSRF,
        params: idParams,
        response: { 204: noContent('Signed out there.'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await deleteUserToken(db, user.id, Number(request.params.id)))) throw new HttpError(404, SESSION_NOT_FOUND);
      // A sign-out like any other, in the audit log (issue #9), naming how it was done.
      await insertAuditEntry(db, { action: 'sign-out', userId: user.id, userName: user.name, ip: request.ip, recordLabel: 'One session, from Active sessions' });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/sessions/sign-out-others',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'signOutOtherSessions',
        summary: 'Sign out everywhere else',
        description: 'Ends every session of yours except the one making this request.',
        security: SIGNED_IN_WITH_CSRF,
        response: { 200: signOutOthersSchema.describe('Signed out everywhere else.'), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Sessions already past a limit were over anyway: pruned first, so `ended` counts the ones this ended.
      await deleteExpiredTokens(db, new Date(), config.sessionIdleMinutes);
      const ended = await deleteUserTokens(db, user.id, request.tokenId ?? undefined);
      request.log.info({ userId: user.id, ended }, 'signed out everywhere else');
      if (ended > 0) {
        const label = `${ended} other session${ended === 1 ? '' : 's'}, from Active sessions`;
        await insertAuditEntry(db, { action: 'sign-out', userId: user.id, userName: user.name, ip: request.ip, recordLabel: label });
      }
      return { ended };
    },
  );
};
