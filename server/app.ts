import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/types';
import { HttpError } from './http-error';
import { registerAuthentication } from './plugins/authenticate';
import { registerConsole } from './plugins/console';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandler } from './plugins/errors';
import { TOO_MANY_ATTEMPTS, authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Fastify logger options; defaults to LOG_LEVEL. Tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the API and the console host. Never listens: server.ts does, tests use `app.inject()`. */
export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify's request serializer logs method and URL only: no headers, no bodies, so no secrets.
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and forms where a route registers them); text bodies answer 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Vite inlines small fonts as data: URLs.
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  });
  await app.register(fastifyCookie);
  // Off by default; routes opt in through `config.rateLimit`.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });

  registerCsrf(app, config);
  registerAuthentication(app, db);

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { db, config });

  await registerConsole(app, config);
  return app;
}
