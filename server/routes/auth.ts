import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { authUserSchema, loginResponseSchema, loginSchema, signInThrottledMessage } from '../../schema/auth';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { addressKey } from '../client-address';
import { HttpError } from '../http-error';
import { getDummyHash, verifyPassword } from '../passwords';
import { requireUser } from '../plugins/authenticate';
import { CSRF_ONLY, NO_SECURITY, SIGNED_IN, SIGNED_IN_WITH_CSRF } from '../plugins/openapi';
import { insertAuditEntry } from '../repositories/audit';
import { createToken, deleteExpiredTokens, deleteToken } from '../repositories/tokens';
import { admitSignInAttempt, clearAccountFailures, deviceAccountKey, pruneSignInAttempts, type SignInKeys } from '../repositories/sign-in-attempts';
import { findUserByEmail, normalizeEmail } from '../repositories/users';
import { randomToken, sha256 } from '../secrets';
import { knownDevice, rememberDevice } from '../sign-in-device';
import { formText } from '../form-text';
import { RESERVED_FIELD_NAME, isReservedFieldName } from '../file-parts';
import { errorResponses, noContent } from './contract';

/** The largest sign-in body taken. */
export const SIGN_IN_BODY_LIMIT = 16 * 1024;

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a minute and try again.';

/**
 * Refuses an attempt that must wait: 429, Retry-After in whole seconds and the same in words (schema/auth.ts); with
 * `field`, the words are that form field's error too (`errors.<field>`), as a refused field's are.
 */
export function throttled(reply: FastifyReply, waitMs: number, field?: string): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  const message = signInThrottledMessage(seconds);
  return new HttpError(429, message, field === undefined ? undefined : { [field]: message });
}

export interface AuthRoutesOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'tokenTtlHours' | 'loginRateLimit' | 'signInThrottle' | 'sessionIdleMinutes' | 'cookieSecure'>;
}

const LOGIN_FORM_LIMITS = {
  fields: 10,
  // Above the schema's longest field (1024 characters of up to 4 bytes), so an oversized
  // value still arrives long enough for the schema to reject it with a field message.
  fieldSize: 8 * 1024,
  fieldNameSize: 100,
  files: 1,
  fileSize: 1,
  parts: 11,
};

const fieldLabel = (name: string) => (name ? name[0]!.toUpperCase() + name.slice(1) : 'Field');

/**
 * SPEC §7 sends the credentials as multipart/form-data. Reads the parts into a plain
 * object so the same body schema validates every content type.
 */
async function readLoginForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts({ limits: LOGIN_FORM_LIMITS })) {
      if (part.type === 'file') {
        const message = `${fieldLabel(part.fieldname)} must be a text field, not a file`;
        throw new HttpError(400, `${message}.`, { [part.fieldname || 'body']: message });
      }
      const text = formText(part.value);
      if (text === undefined) {
        const message = `${fieldLabel(part.fieldname)} must be UTF-8 text`;
        throw new HttpError(400, `${message}.`, { [part.fieldname || 'body']: message });
      }
      const previous = fields.get(part.fieldname);
      fields.set(part.fieldname, previous === undefined ? text : [previous, text].flat());
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'The form data is too large.');
    if (isReservedFieldName(error)) throw new HttpError(400, RESERVED_FIELD_NAME);
    throw new HttpError(400, 'The form data is malformed and could not be read.');
  }
  request.body = Object.fromEntries(fields);
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, config }) => {
  // Only sign-in takes form bodies, so the form parsers live in this scope.
  await app.register(fastifyMultipart);
  await app.register(fastifyFormbody);

  // Pay for the dummy hash at start-up, not on the first unknown email (which would then stand out).
  app.addHook('onReady', async () => {
    await getDummyHash();
  });

  const rateLimit =
    config.loginRateLimit > 0 ? { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } } : {};

  app.post(
    '/api/login',
    {
      config: rateLimit,
      // An email and a password (at most 1,024 characters, each escaped): a megabyte of keys cost anyone's requests
      // a third of a second of parsing (an outside probe).
      bodyLimit: SIGN_IN_BODY_LIMIT,
      preValidation: readLoginForm,
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Sign in',
        description:
          'Answers a bearer token for the other admin requests. Accepts JSON, multipart/form-data or a URL-encoded form. Like every request that changes something, it needs the CSRF pair (GET /api/csrf sets the cookie). Repeated failures for one account or from one address are answered with growing waits, then a temporary lock (429 with Retry-After; docs/deploy.md). A success sets the HttpOnly cookie `cornerstone_device` (path /api/login): a browser that sends it back is counted apart from the account, so failures elsewhere do not lock it out.',
        security: CSRF_ONLY,
        consumes: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
        body: loginSchema,
        response: {
          200: loginResponseSchema.describe('Signed in.'),
          ...errorResponses(400, 401, 403, 413, 415),
          429: {
            ...errorResponses(429)[429],
            description:
              'Too many attempts: from this address in the last minute (LOGIN_RATE_LIMIT), or too many failed sign-ins for this account or from this address (SIGN_IN_*; even the right password is refused while they wait). `Retry-After` and `message` say when to try again.',
          },
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const policy = config.signInThrottle;
      const now = new Date();
      // Throttled per account and per address (issue #9), counted in the database. An unknown email is an account like
      // any other here: the same counters, queries and answers, so throttling does not reveal which accounts exist.
      // request.ip is the client's address as TRUST_PROXY lets Fastify read it (docs/deploy.md).
      const account = normalizeEmail(email);
      const user = await findUserByEmail(db, email);
      // A browser this account signed in from before counts its own failures, apart from the account's: a stranger
      // failing on purpose locks the account for everyone else, not for its owner (server/sign-in-device.ts).
      const device = knownDevice(request, account, user?.passwordHash);
      const keys: SignInKeys = { account: device === undefined ? account : deviceAccountKey(account, device), address: addressKey(request.ip) };
      await pruneSignInAttempts(db, policy, now);
      const wait = await admitSignInAttempt(db, policy, keys, now);
      if (wait > 0) throw throttled(reply, wait);

      // Unknown emails still pay for one hash check, so timing does not reveal which accounts exist.
      const passwordMatches = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
      // A failure stays recorded; during a lock even the right password never gets here.
      if (!user || !passwordMatches || !user.active) {
        // Audit log (issue #9): the attempted email and the address; the password never.
        const who = user ? { userId: user.id, userName: user.name } : { userId: null, userName: null };
        await insertAuditEntry(db, { action: 'sign-in-failed', ...who, email: account, ip: request.ip, at: now });
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      // A known browser's success clears its own failures only: a stranger's on the account stay counted, or each
      // sign-in of the owner would hand the guesser ten more tries (a probe of this change).
      await clearAccountFailures(db, keys.account);
      rememberDevice(reply, account, user.passwordHash, device, config.cookieSecure);

      const token = randomToken();
      const expiresAt = new Date(now.getTime() + config.tokenTtlHours * 3_600_000);
      await deleteExpiredTokens(db, now, config.sessionIdleMinutes);
      // Where from, so the user can tell their sessions apart (GET /api/sessions).
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
      await createToken(db, { userId: user.id, tokenHash: sha256(token), expiresAt, ...client }, now);
      request.log.info({ userId: user.id }, 'signed in');
      await insertAuditEntry(db, { action: 'sign-in', userId: user.id, userName: user.name, email: account, ip: request.ip, at: now });

      reply.header('cache-control', 'no-store');
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_at: expiresAt.toISOString(),
        user: { id: user.id, name: user.name, email: user.email },
      };
    },
  );

  const logoutSchema = {
    tags: ['auth'],
    operationId: 'logout',
    summary: 'Sign out',
    description: 'Revokes the bearer token the request carries.',
    security: SIGNED_IN_WITH_CSRF,
    response: { 204: noContent('Signed out.'), ...errorResponses(401, 403) },
  };
  app.post('/api/logout', { onRequest: app.authenticate, schema: logoutSchema }, async (request, reply) => {
    if (request.tokenId !== null) await deleteToken(db, request.tokenId);
    const user = requireUser(request);
    await insertAuditEntry(db, { action: 'sign-out', userId: user.id, userName: user.name, ip: request.ip });
    return reply.code(204).send();
  });

  app.get(
    '/api/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'getMe',
        summary: 'The signed-in user',
        description: 'Who the bearer token belongs to: the console asks for it at start to show their name.',
        security: SIGNED_IN,
        response: { 200: authUserSchema.describe('The user the token belongs to.'), ...errorResponses(401) },
      },
    },
    async (request) => requireUser(request),
  );

  // The console calls this when it has no XSRF-TOKEN cookie yet; the CSRF hook sets it.
  app.get(
    '/api/csrf',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getCsrfCookie',
        summary: 'Set the CSRF cookie',
        description: "Sets the XSRF-TOKEN cookie when the request has none. So do the console's pages, sign-in and a signed-in user's answers; answers a cache may keep (images, the website's API, the console's files, a 304) never do.",
        security: NO_SECURITY,
        response: { 204: noContent('The cookie is set (or was already).') },
      },
    },
    // It sets a cookie: no cache keeps it (an outside probe found no Cache-Control on it).
    async (_request, reply) => reply.code(204).header('cache-control', 'no-store').send(),
  );
};
