import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types';
import { NO_SECURITY } from '../plugins/openapi';
import { pingDatabase } from '../repositories/health';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Health check',
        security: NO_SECURITY,
        response: {
          200: z.object({ status: z.literal('ok') }).describe('The API and its database answer.'),
          503: z.object({ message: z.string() }).describe('The database does not answer.'),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({ message: 'Service Unavailable' });
      }
      return { status: 'ok' as const };
    },
  );
};
