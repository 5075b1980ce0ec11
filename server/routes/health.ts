import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { probeWritable } from '../db';
import type { Database } from '../db/types';
import { NO_SECURITY, RETRY_AFTER_HEADER } from '../plugins/openapi';
import { RETRY_AFTER_SECONDS, faultLog, storageFault } from '../plugins/errors';

// A write refused this recently still makes health answer 503, unless a write has succeeded since (issue #9).
const RECENT_FAULT_MS = 60_000;

export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Health check',
        description:
          'Checks that the database takes writes (a statement that needs the write lock and changes nothing), and that no write was refused as unwritable in the last minute. Monitoring should alert on 503.',
        security: NO_SECURITY,
        response: {
          200: z.object({ status: z.literal('ok') }).describe('The API and its database answer and take writes.'),
          503: z
            .object({ message: z.string(), reason: z.string().describe("What is wrong, for an operator: 'the database is read-only'…") })
            .meta({ description: 'The database does not answer or cannot take writes (Retry-After says when to ask again).', headers: RETRY_AFTER_HEADER }),
        },
      },
    },
    async (request, reply) => {
      // The state now, never a copy a cache kept: a monitor behind a proxy would be told "ok" while the database is down.
      reply.header('cache-control', 'no-store');
      const unavailable = (reason: string, retryAfter: number) =>
        reply.code(503).header('retry-after', String(retryAfter)).send({ message: 'Service Unavailable', reason });
      try {
        await probeWritable(db);
      } catch (error) {
        const fault = storageFault(error);
        // A known fault on one line (plugins/errors.ts); anything else with its stack.
        if (fault) request.log.warn(faultLog(fault, error), 'health check: database unavailable');
        else request.log.error({ err: error }, 'health check: database unavailable');
        return unavailable(fault?.reason ?? 'the database does not answer', RETRY_AFTER_SECONDS[fault?.kind ?? 'unavailable']);
      }
      const last = app.storageFaults?.last;
      if (last && Date.now() - last.at < RECENT_FAULT_MS) {
        const seconds = Math.max(1, Math.round((Date.now() - last.at) / 1000));
        return unavailable(`a write was refused ${seconds} s ago: ${last.fault.reason}`, RETRY_AFTER_SECONDS.unavailable);
      }
      return { status: 'ok' as const };
    },
  );
};
