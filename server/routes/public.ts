// What the public website posts: form submissions into the inboxes. No sign-in, no CSRF token (the visitor has
// no console session to abuse, and the website is not the console), but a per-IP rate limit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AreaModel } from '../areas/model';
import { createSubmission } from '../areas/records';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { HttpError } from '../http-error';

export const TOO_MANY_SUBMISSIONS = 'Too many submissions. Please wait a minute and try again.';

export interface PublicRoutesOptions {
  db: Kysely<Database>;
  /** The inbox areas. */
  areas: readonly AreaModel[];
  config: Pick<Config, 'publicFormRateLimit'>;
}

export const publicRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, { db, areas, config }) => {
  const rateLimit =
    config.publicFormRateLimit > 0
      ? {
          rateLimit: {
            max: config.publicFormRateLimit,
            timeWindow: '1 minute',
            errorResponseBuilder: () => new HttpError(429, TOO_MANY_SUBMISSIONS),
          },
        }
      : {};

  const inboxes = new Map(areas.map((model) => [model.name, model]));
  // One route for all the forms, so they share one budget per IP.
  app.post(
    '/api/public/:name',
    { config: { csrf: false, ...rateLimit }, schema: { params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const model = inboxes.get(request.params.name);
      if (!model) throw new HttpError(404, 'Not Found');
      const { id } = await createSubmission(db, model, request.body, { publicSubmission: true });
      return reply.code(201).send({ id });
    },
  );
};
