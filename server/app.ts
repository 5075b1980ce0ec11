import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { areas as declaredAreas } from '../schema/areas';
import type { AreaDeclaration } from '../schema/define';
import { evolveAreas } from './areas/evolve';
import { USERS_AREA, buildAreaModels } from './areas/model';
import type { Config } from './config';
import type { Database } from './db/types';
import { HttpError } from './http-error';
import { registerAuthentication } from './plugins/authenticate';
import { registerConsole } from './plugins/console';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandler } from './plugins/errors';
import { trackContentChanges } from './plugins/public-cache';
import { contractValidatorCompiler, registerOpenApi } from './plugins/openapi';
import { TOO_MANY_ATTEMPTS, authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { publicRoutes } from './routes/public';
import { publicContentRoutes } from './routes/public-content';
import { resourceRoutes } from './routes/resources';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Fastify logger options; defaults to LOG_LEVEL. Tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /** The areas to serve; defaults to the registry (schema/areas). Tests pass their own declarations. */
  areas?: readonly AreaDeclaration[];
  /** Told of every route as it is registered: the API document's test compares them with the document. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the API and the console host. Never listens: server.ts does, tests use `app.inject()`. */
export async function buildApp({ config, db, logger, areas = declaredAreas, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify's request serializer logs method and URL only: no headers, no bodies, so no secrets.
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // A malformed address (`/api/public/blogs/%ZZ`) answers like every other error: `{ message }`.
    frameworkErrors: (error, _request, reply) => {
      const malformed = error.code === 'FST_ERR_BAD_URL';
      const message = malformed ? 'The address is not valid: it has a malformed percent-encoding.' : 'The request could not be routed.';
      void (reply as unknown as FastifyReply).code(400).send({ message });
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);

  // Documentation-only schemas (admin bodies, list parameters) are not validated by Fastify: see plugins/openapi.ts.
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and forms where a route registers them); text bodies answer 415. An EMPTY text/plain body
  // is accepted: ra-data-simple-rest labels its body-less DELETE requests text/plain.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') done(null, undefined);
    else done(new HttpError(415, "The content type 'text/plain' is not supported here."), undefined);
  });
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
  // CORS only for the website's API, only for WEBSITE_ORIGINS: the console and its admin API stay same-origin, and any
  // other origin gets no CORS header at all.
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const path = (request.url ?? '').split('?', 1)[0]!;
      const forWebsites = path.startsWith('/api/public/') || path === '/api/openapi.json';
      const origin = request.headers.origin;
      callback(
        null,
        forWebsites && origin !== undefined && config.websiteOrigins.includes(origin)
          ? { origin: config.websiteOrigins, methods: ['GET', 'HEAD', 'POST'], exposedHeaders: ['ETag', 'Retry-After'], maxAge: 600 }
          : { origin: false },
      );
    },
  });
  // Off by default; routes opt in through `config.rateLimit`.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });

  registerCsrf(app, config);
  // What the website's answers are reused against (server/plugins/public-cache.ts).
  const contentVersion = trackContentChanges(app);
  registerAuthentication(app, db);
  // Before the routes: the document is built from the routes registered after it.
  await registerOpenApi(app);

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { db, config });

  // A declaration mistake stops the app here, before it serves anything.
  const models = buildAreaModels(areas);
  // Users have their own table and routes; every other area lives in the record store.
  const stored = models.filter((model) => model.name !== USERS_AREA);
  // The database follows the declarations, or the app refuses to start and says why (server/areas/evolve.ts).
  await evolveAreas(db, stored, { log: app.log });
  await app.register(resourceRoutes, { db, areas: stored });
  await app.register(publicContentRoutes, { db, areas: stored, config, version: contentVersion });
  await app.register(publicRoutes, { db, areas: stored.filter((model) => model.kind === 'inbox'), config });
  const users = models.find((model) => model.name === USERS_AREA);
  if (users) await app.register(userRoutes, { db, model: users });
  await app.register(uploadRoutes, { db, config });

  await registerConsole(app, config);
  return app;
}
