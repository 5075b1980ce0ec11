import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import { STATUS_CODES } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { constants as zlib } from 'node:zlib';
import { areas as declaredAreas } from '../schema/areas';
import type { AreaDeclaration } from '../schema/define';
import { evolveAreas } from './areas/evolve';
import { USERS_AREA, buildAreaModels } from './areas/model';
import type { Config } from './config';
import { settleWrites } from './db';
import type { Database } from './db/types';
import { HttpError, decodedPath, isApiPath, routePath } from './http-error';
import { isPrivateAnswer, registerAuthentication } from './plugins/authenticate';
import { inlineScriptSources, registerConsole } from './plugins/console';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandler } from './plugins/errors';
import { hostProblem } from './plugins/host-header';
import { registerJsonParser } from './plugins/json-body';
import { registerLingeringClose } from './plugins/lingering-close';
import { ignoreUnusableModifiedSince, trackContentChanges } from './plugins/public-cache';
import { withRedactedRequests } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { contractValidatorCompiler, DOCS_PATH, registerOpenApi } from './plugins/openapi';
import { TOO_MANY_ATTEMPTS, authRoutes } from './routes/auth';
import { registerAuditLog } from './routes/audit-log';
import { healthRoutes } from './routes/health';
import { publicRoutes } from './routes/public';
import { publicContentRoutes } from './routes/public-content';
import { resourceRoutes } from './routes/resources';
import { sessionRoutes } from './routes/sessions';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import './zod-messages';
import { addressKey } from './client-address';

/** A form upload sent compressed: refused (415); the other bodies may be (docs/api.md). */
export const COMPRESSED_FORM_MESSAGE = 'A form with files (multipart/form-data) must be sent uncompressed, without Content-Encoding.';

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
  const limits = config.connectionLimits;
  const app = Fastify({
    // The request log holds method and URL only (no headers, no bodies), and no secret of the URL's query.
    logger: withRedactedRequests(logger ?? { level: config.logLevel }),
    // A hop count as Fastify reads one (its types know only lists and functions): the `hops` nearest addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Slow clients cannot hold the server (issue #9; docs/deploy.md, "Timeouts and connection limits").
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for overdue headers and requests this often (30 s by default, far coarser than the limits).
      connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersTimeoutMs / 4)),
      // An HTTP/1.1 request without a Host header is refused below, with a message; Node's own check answered 400
      // with an empty body.
      requireHostHeader: false,
    },
    clientErrorHandler: answerClientError,
    // A path segment as it comes, percent-encoded: the public routes' key is up to 200 characters once decoded, 12
    // a character at most (a 4-byte letter). Past Fastify's default of 100, a slug of 101 letters (a slug field takes
    // 120) matched no route and answered 404.
    routerOptions: { maxParamLength: 2400 },
    // A malformed address (`/api/public/blogs/%ZZ`) answers like every other error: `{ message }`.
    frameworkErrors: (error, _request, reply) => {
      const malformed = error.code === 'FST_ERR_BAD_URL';
      const message = malformed ? 'The address is not valid: it has a malformed percent-encoding.' : 'The request could not be routed.';
      void (reply as unknown as FastifyReply).code(400).send({ message });
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  limitConnectionsPerAddress(app, config);
  refuseTunnels(app);
  limitBodyTime(app, limits.bodyTimeoutMs);
  // An answer sent before its body is all in (a 413) closes the connection only once the client can read it.
  registerLingeringClose(app);

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
  registerJsonParser(app);
  registerErrorHandler(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The build's one inline script (in index.html), by its hash (plugins/console.ts).
        scriptSrc: ["'self'", ...inlineScriptSources(config.staticDir)],
        // MUI (emotion) injects <style> elements at run time (docs/security.md says why a nonce is not used).
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images also from any https address: a file field and rich text take a web address (a CDN's), and the
        // console showed each as a broken image (an outside probe). An image runs no script; no-referrer (below)
        // keeps the console's addresses from the image's host.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Vite inlines small fonts as data: URLs.
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Only over TLS, below: sent over plain HTTP it would be ignored at best and pin a mistake at worst.
    strictTransportSecurity: false,
  });
  // HTTP/1.1 requires one Host header (RFC 9112, section 3.2); HTTP/1.0 does not. Node keeps the first of two, which
  // a proxy in front may not have read the same way. The host must be one (plugins/host-header.ts), and so must a
  // trusted proxy's X-Forwarded-Host. After the security headers' hook, which this answer carries too.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.headers.host === undefined && request.raw.httpVersion === '1.1') return void reply.code(400).send({ message: MISSING_HOST_MESSAGE });
    if (countHeader(request.raw.rawHeaders, 'host') > 1) return void reply.code(400).send({ message: SEVERAL_HOSTS_MESSAGE });
    const problem = hostProblem(request);
    if (problem !== undefined) return void reply.code(400).send({ message: problem });
    done();
  });
  // A query whose percent-encoding is malformed (`%ZZ`) or stands for bytes that are not UTF-8 (`%ED%A0%80`, half of a
  // surrogate pair) is refused as the same in the path is: it was read leniently, and `?q=%ED%A0%80` searched for
  // something else than what was sent (a probe).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const at = url.indexOf('?');
    if (at >= 0 && url.includes('%', at) && !isReadableQuery(url.slice(at + 1))) return void reply.code(400).send({ message: MALFORMED_QUERY_MESSAGE });
    done();
  });
  // An If-Modified-Since to be ignored (RFC 9110, section 13.1.3: not an HTTP date, or later than now) is taken off,
  // for every reader of it: the website's answers (plugins/public-cache.ts) and the console's files, whose server
  // answered 304 to a date in 2099.
  app.addHook('onRequest', (request, _reply, done) => {
    ignoreUnusableModifiedSince(request);
    done();
  });
  // A compressed body is inflated before its parser reads it (@fastify/compress, below), except multipart/form-data:
  // @fastify/multipart reads the request's own stream, so it parsed the compressed bytes ("malformed"), and a body
  // inflating past the buffers nobody read held the request until the socket closed (an outside probe: 20 KB of
  // gzip, no answer for 30 s). Browsers never compress what they send: refused at once, nothing read.
  app.addHook('onRequest', (request, reply, done) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity' && request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
      return void reply.code(415).send({ message: COMPRESSED_FORM_MESSAGE });
    }
    done();
  });
  // Issue #10: answers over 1 KB travel compressed (brotli at a quality cheap enough per request, else gzip). The
  // console's files come precompressed from the build (plugins/console.ts) and are left alone.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyCookie);
  // CORS only for the website's API, only for WEBSITE_ORIGINS: the console and its admin API stay same-origin, and any
  // other origin gets no CORS header at all.
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      // The matched route (or the decoded path), never the raw URL: `/%61pi/public/…` is /api/public/….
      const path = routePath(request);
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
    // An IPv6 client counts by its /64 (server/client-address.ts).
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });

  registerCsrf(app, config);
  // An address of the API whose last segment is empty (`/api/public/blogs/`, `/api/blogs/`) is none: 404, as one with
  // an empty segment elsewhere (`/api//me`, docs/api.md), not the route of a record with an empty id or slug (400: an
  // outside probe, 2026-12-06). After the CSRF check, which comes before the route exists.
  app.addHook('onRequest', (request, reply, done) => {
    const end = request.url.indexOf('?');
    const raw = end < 0 ? request.url : request.url.slice(0, end);
    // The API document's page is /api/docs: Swagger UI's own `static/index.html` sends browsers to `/api/docs/`,
    // which led to this 404 (an outside probe); it leads to the page.
    if (raw === `${DOCS_PATH}/`) return void reply.redirect(DOCS_PATH);
    // Decoded only for the few that end with a slash: `/%61pi/blogs/` is one of them.
    if ((raw.endsWith('/') || /%2f$/i.test(raw)) && isApiPath(decodedPath(raw))) return void reply.code(404).send({ message: 'Not Found' });
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // request.protocol is https only over TLS, or when a proxy trusted by TRUST_PROXY says so (X-Forwarded-Proto).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // A route's own 'private, no-store' (a CV) says the same and stays.
    if (isPrivateAnswer(request, reply) && !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', 'no-store');
    return payload;
  });
  // A write is answered once it is on disk (server/db/index.ts, settleLater; nothing to wait for otherwise). Reads do
  // not wait: what a GET may write (a submission marked read, a session's last use) could be lost with the machine,
  // never with the process. Nor do refusals: their transaction was rolled back.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || reply.statusCode >= 400) return payload;
    try {
      await settleWrites(db);
    } catch (error) {
      // Answered as the database failing (503, plugins/errors.ts): SQLite's own name for a sync that failed.
      // Its transaction committed: the answer says the change may be there (plugins/errors.ts, committed).
      throw Object.assign(new Error(`the WAL could not be synced: ${error instanceof Error ? error.message : String(error)}`), { code: 'SQLITE_IOERR_FSYNC', committed: true, cause: error });
    }
    return payload;
  });
  // What the website's answers are reused against (server/plugins/public-cache.ts).
  const contentVersion = trackContentChanges(app);
  registerAuthentication(app, db, config);
  // Before the routes: the document is built from the routes registered after it.
  await registerOpenApi(app, config);

  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { db, config });
  await app.register(sessionRoutes, { db, config });

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
  if (users) await app.register(userRoutes, { db, model: users, signInThrottle: config.signInThrottle, cookieSecure: config.cookieSecure });
  await app.register(uploadRoutes, { db, config });
  await registerAuditLog(app, { db, config });

  await registerConsole(app, config);
  return app;
}

/** helmet's default value: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

export const BODY_TIMEOUT_MESSAGE = 'The request body took too long to arrive.';
export const HEADERS_TIMEOUT_MESSAGE = 'The request took too long to arrive.';

/** An answer written straight to the socket, which is then closed: the request never reached (or left) Fastify. */
function answerOnSocket(socket: Socket, status: number, message: string): void {
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** What Node reports about a connection before Fastify sees a request, in the API's `{ message }` shape. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answerOnSocket(socket, 408, HEADERS_TIMEOUT_MESSAGE);
  else if (error.code === 'HPE_HEADER_OVERFLOW') answerOnSocket(socket, 431, 'The request headers are too large.');
  else answerOnSocket(socket, 400, 'The request is not valid HTTP.');
}

export const MALFORMED_QUERY_MESSAGE = 'The address is not valid: its query has a malformed percent-encoding.';

/** Every name and value of a query decodes: its percent-encoding is well formed and stands for UTF-8. */
function isReadableQuery(query: string): boolean {
  try {
    for (const part of query.split(/[&=]/)) decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

export const MISSING_HOST_MESSAGE = 'The request has no Host header, which HTTP/1.1 requires.';
export const SEVERAL_HOSTS_MESSAGE = 'The request has more than one Host header; HTTP allows one.';

/** How many times a header is in Node's rawHeaders (name, value, name, value…). */
function countHeader(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) if (rawHeaders[index]!.toLowerCase() === name) count += 1;
  return count;
}

/**
 * A body must arrive within `timeoutMs` of its headers: a client trickling it a byte at a time is answered 408 and
 * disconnected. (Node's requestTimeout only looks every so often and counts the headers too.)
 */
function limitBodyTime(app: FastifyInstance, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete) return;
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      // Not answered yet: the client hears why. Either way the unread rest is not waited for.
      if (!reply.raw.headersSent) answerOnSocket(raw.socket, 408, BODY_TIMEOUT_MESSAGE);
      // The body's reader (Fastify's parser, multipart) fails with this 408, not with a bare connection reset.
      raw.destroy(new HttpError(408, BODY_TIMEOUT_MESSAGE));
    }, timeoutMs).unref();
    // Both listeners go once either fires: a connection kept alive serves many requests, and a listener left on its
    // socket held this request (its body, its reply) until the connection closed: 30 clients posting 844 KB bodies on
    // kept-alive connections filled a 256 MB heap in 7 s (2026-11-26).
    const socket = raw.socket;
    const stop = () => {
      clearTimeout(timer);
      raw.off('end', stop);
      socket.off('close', stop);
    };
    raw.once('end', stop);
    socket.once('close', stop);
  });
}

/** Whether the peer of a socket is a proxy TRUST_PROXY names: its connections carry many clients. */
function trustsPeer(trustProxy: boolean | number | string | readonly string[]): (address: string) => boolean {
  // A hop count (or `true`) trusts whoever connects directly.
  if (typeof trustProxy === 'boolean' || typeof trustProxy === 'number') return () => trustProxy !== false && trustProxy !== 0;
  const trusted = new BlockList();
  const list = typeof trustProxy === 'string' ? trustProxy.split(',') : trustProxy;
  for (const item of list.map((entry) => entry.trim()).filter(Boolean)) {
    const ranges = NAMED_RANGES[item] ?? [item];
    for (const range of ranges) {
      const [address = '', prefix] = range.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (isIP(address) === 0) continue;
      if (prefix === undefined) trusted.addAddress(address, type);
      else trusted.addSubnet(address, Number(prefix), type);
    }
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const version = isIP(plain);
    return version !== 0 && trusted.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** proxy-addr's names, which Fastify's trustProxy accepts. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export const TUNNEL_REFUSED = 'This server is not a proxy: CONNECT is not answered here.';

/**
 * CONNECT asks for a tunnel to another host. Node hands it to a 'connect' listener, not to the router, and closed the
 * connection unanswered when there was none (an outside probe): it is answered 405, as JSON like every refusal.
 */
function refuseTunnels(app: FastifyInstance): void {
  const body = JSON.stringify({ message: TUNNEL_REFUSED });
  app.server.on('connect', (_request, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, DELETE, OPTIONS\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS open connections per client address; one more is closed at once. A trusted
 * proxy's connections are not counted: they carry every client (limit per client in the proxy, docs/deploy.md).
 */
function limitConnectionsPerAddress(app: FastifyInstance, config: Pick<Config, 'connectionLimits' | 'trustProxy'>): void {
  const max = config.connectionLimits.maxConnectionsPerAddress;
  if (max <= 0) return;
  const isProxy = trustsPeer(config.trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || isProxy(peer)) return;
    const address = addressKey(peer);
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      app.log.warn({ address, max }, 'connection refused: too many open connections from one address');
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
