import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNCONFIRMED_MESSAGE, DATABASE_UNREACHABLE_MESSAGE } from '../../schema/api';
import { isConnectionFailure } from '../db/postgres-sessions';
import { HttpError } from '../http-error';
import { AUTH_REQUIRED } from './authenticate';

// ---- Storage faults (issue #9): a busy or failing database answers 503 with Retry-After, never a bare 500 ----------

export interface StorageFault {
  /** busy: a lock held elsewhere, gone in moments. unavailable: read-only, full, failing or unreachable. */
  kind: 'busy' | 'unavailable';
  /** What an operator reads in /api/health and the log. */
  reason: string;
  /**
   * The database could not be reached (down, stopping, its connection lost): health's own probe finds that for as
   * long as it lasts, so a write refused so is not remembered once the probe reaches it again (routes/health.ts).
   */
  unreachable?: true;
}

const SQLITE_FAULTS: [prefix: string, fault: StorageFault][] = [
  ['SQLITE_BUSY', { kind: 'busy', reason: 'the database is locked by another process' }],
  ['SQLITE_LOCKED', { kind: 'busy', reason: 'the database is locked by another process' }],
  ['SQLITE_READONLY', { kind: 'unavailable', reason: 'the database is read-only' }],
  ['SQLITE_FULL', { kind: 'unavailable', reason: 'the disk holding the database is full' }],
  ['SQLITE_IOERR', { kind: 'unavailable', reason: 'the database file could not be read or written (I/O error)' }],
  ['SQLITE_CANTOPEN', { kind: 'unavailable', reason: 'the database file cannot be opened' }],
  ['SQLITE_PROTOCOL', { kind: 'unavailable', reason: 'the database file cannot be locked' }],
];

// PostgreSQL SQLSTATEs (appendix A of its manual); class 08 (connection), 53 (insufficient resources).
const POSTGRES_FAULTS: Record<string, StorageFault> = {
  '55P03': { kind: 'busy', reason: 'a lock the write needs is held by another session' },
  '40001': { kind: 'busy', reason: 'the write conflicted with another transaction' },
  '40P01': { kind: 'busy', reason: 'the write was chosen as a deadlock victim' },
  '57014': { kind: 'busy', reason: 'the statement was cancelled (statement timeout)' },
  '25006': { kind: 'unavailable', reason: 'the database is read-only' },
  '57P01': { kind: 'unavailable', reason: 'the database server is shutting down', unreachable: true },
  '57P02': { kind: 'unavailable', reason: 'the database server crashed', unreachable: true },
  '57P03': { kind: 'unavailable', reason: 'the database server is not accepting connections yet', unreachable: true },
  '53100': { kind: 'unavailable', reason: 'the disk holding the database is full' },
};
// Only errors of connecting out: the database is the one thing this server connects to. ECONNRESET and EPIPE are not
// here, because a client that drops its own request (an upload cancelled) raises them too, and that says nothing
// about the database; node-postgres words a connection lost mid-query as 'Connection terminated' (below), and raises
// a reset of its own socket as ECONNRESET, which isConnectionFailure (server/db/postgres-sessions.ts) tells apart.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Whether an error is the database being busy or failing, and how; undefined for every other error. */
export function storageFault(error: unknown): StorageFault | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const sqlite = SQLITE_FAULTS.find(([prefix]) => code.startsWith(prefix));
    if (sqlite) return sqlite[1];
    if (POSTGRES_FAULTS[code]) return POSTGRES_FAULTS[code];
    if (/^08[0-9A-Z]{3}$/.test(code)) return { kind: 'unavailable', reason: `the database server refused the request (SQLSTATE ${code})`, unreachable: true };
    if (/^53[0-9A-Z]{3}$/.test(code)) return { kind: 'unavailable', reason: `the database server refused the request (SQLSTATE ${code})` };
    if (NETWORK_CODES.has(code)) return { kind: 'unavailable', reason: `the database server does not answer (${code})`, unreachable: true };
  }
  // node-postgres words a dropped connection, a connection already found dropped and a connect timeout without a code.
  const message = error instanceof Error ? error.message : '';
  if (/^Connection terminated|and is not queryable$|timeout exceeded when trying to connect/i.test(message)) {
    return { kind: 'unavailable', reason: 'the database server does not answer', unreachable: true };
  }
  // A PostgreSQL connection's own socket failed, or a statement was sent on it after (a transaction's ROLLBACK, whose
  // error Kysely throws instead of the one that ended the session): 500 before (database probe).
  if (isConnectionFailure(error)) {
    return { kind: 'unavailable', reason: `the connection to the database server failed${typeof code === 'string' ? ` (${code})` : ''}`, unreachable: true };
  }
  return undefined;
}

/** What the log keeps of a storage fault: why, and the database's own words, on one line. */
export function faultLog(fault: StorageFault, error: unknown): { reason: string; error: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { reason: fault.reason, error: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' && { code }) };
}

/** Seconds a client is told to wait (Retry-After) after each kind of fault. */
export const RETRY_AFTER_SECONDS: Record<StorageFault['kind'], number> = { busy: 2, unavailable: 30 };

/**
 * The last write the database refused as unavailable, until a write succeeds: a full disk still takes the
 * health check's probe (which writes nothing), so /api/health also reports a recent refusal (routes/health.ts).
 */
export class StorageFaults {
  last: { fault: StorageFault; at: number } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    storageFaults: StorageFaults;
  }
}

/** The methods that change something: the ones a database fault can refuse. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** `{ email: 'Email is required' }`, first message per field; the message joins them into sentences. */
export function validationErrors(issues: ValidationIssue[], context = 'body') {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || context;
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  const message = Object.values(errors)
    .map((text) => (/[.!?]$/.test(text) ? text : `${text}.`))
    .join(' ');
  return { message, errors };
}

// Fastify's own client errors, reworded as sentences a person can act on.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the request body.',
};

/**
 * The one error handler. 4xx answers `{ message }` (+ `errors` per field for validation); a busy or failing database
 * 503 with Retry-After; any other 5xx is logged with its details and answers only `{ message: 'Internal Server Error' }`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  const faults = new StorageFaults();
  app.decorate('storageFaults', faults);
  app.addHook('onResponse', async (request, reply) => {
    if (faults.last && WRITE_METHODS.has(request.method) && reply.statusCode >= 200 && reply.statusCode < 300) faults.last = undefined;
  });

  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if ('validation' in error && Array.isArray(error.validation)) {
      return reply.code(400).send(validationErrors(error.validation, error.validationContext));
    }

    // PostgreSQL refuses text holding a NUL character (22021) or one it cannot store (22P05), and its json parser a
    // lone UTF-16 surrogate (`"\ud800"`, as JSON.stringify writes one; 22P02): the input's fault, not a 500.
    const code = (error as { code?: unknown }).code;
    if (code === '22021' || code === '22P05' || (code === '22P02' && /\btype json\b/.test(error.message))) {
      return reply.code(400).send({ message: 'The request contains a character that cannot be stored (such as a NUL character).' });
    }

    const fault = storageFault(error);
    if (fault) {
      // One line at warn, no stack: during an outage every request answers so, and a stack each buried the log
      // (7,780 lines in 20 s; database probe). The unexpected 500s below keep theirs.
      request.log.warn(faultLog(fault, error), 'database unavailable');
      // Only a refused write is remembered for /api/health (whose probe a full disk still takes); a read refused
      // by a server that is down says nothing once it is back, and health's own probe sees it while it is down.
      // Neither does a write refused because the database could not be reached: health answered 503 for a minute
      // after PostgreSQL was back (an outside probe), keeping a load balancer's instances out for nothing.
      const write = WRITE_METHODS.has(request.method);
      if (fault.kind === 'unavailable' && write && !fault.unreachable) faults.last = { fault, at: Date.now() };
      const committed = (error as { committed?: unknown }).committed === true;
      const message = fault.kind === 'busy' ? DATABASE_BUSY_MESSAGE : committed ? DATABASE_UNCONFIRMED_MESSAGE : write ? DATABASE_UNAVAILABLE_MESSAGE : DATABASE_UNREACHABLE_MESSAGE;
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS[fault.kind])).send({ message });
    }

    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal Server Error' });
    }

    if (error instanceof HttpError) {
      // A session found ended inside a write's transaction answers as authentication itself does (RFC 6750 §3).
      if (status === 401 && error.message === AUTH_REQUIRED) reply.header('www-authenticate', 'Bearer');
      return reply.code(status).send({ message: error.message, ...(error.errors && { errors: error.errors }), ...error.details });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type']?.split(';', 1)[0]?.trim();
      return reply.code(415).send({
        message: type ? `The content type '${type}' is not supported here.` : 'The request has a body but no content type.',
      });
    }
    const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad Request';
    return reply.code(status).send({ message });
  });
}
