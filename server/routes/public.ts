// What the public website posts: form submissions into the inboxes. No sign-in, no CSRF token (the visitor has
// no console session to abuse, and the website is not the console), but a per-IP rate limit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
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
            // One budget per IP across all the forms.
            groupId: 'public-forms',
            errorResponseBuilder: () => new HttpError(429, TOO_MANY_SUBMISSIONS),
          },
        }
      : {};

  for (const model of areas) {
    app.post(`/api/public/${model.name}`, { config: { csrf: false, ...rateLimit } }, async (request, reply) => {
      const { id } = await createSubmission(db, model, request.body, { publicSubmission: true });
      return reply.code(201).send({ id });
    });
  }
};
