import type { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import pg from 'pg';

// ---- PostgreSQL connections that fail in seconds instead of hanging (database probe) -------------------------------
// node-postgres waits forever by default: for a new connection to be accepted, for a statement's answer, for another
// session's lock. A PostgreSQL that stopped answering without closing its connections (SIGSTOP, a frozen machine, a
// network cut without a reset) made every request hang until the client's socket timed out (30 s) with no answer,
// /api/health too, and the server's start hung in its migrations. A lock held by another session made reads and
// writes wait as long as it was held, while SQLite answers 503 busy after two seconds.

/** How long a statement waits for a lock held elsewhere before its request answers 503 busy (SQLite and PostgreSQL). */
export const DATABASE_BUSY_WAIT_MS = 2000;
/** A new PostgreSQL connection not ready in this long fails: the request answers 503, the start stops and says why. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5000;
/**
 * The longest a request's statement may run. The slowest the API sends take under a second on 100,000 records
 * (docs/performance.md); this only keeps a runaway one from holding a connection, and its locks, for ever.
 */
export const POSTGRES_STATEMENT_TIMEOUT_MS = 15_000;
/** A statement unanswered this long makes the server ask, on a new connection, whether PostgreSQL still answers. */
export const STALL_CHECK_MS = 2000;
/** How long that question may take; unanswered, the statement's connection is closed and its request answers 503. */
export const STALL_PROBE_MS = 3000;
/**
 * A request's statement still unanswered this long though PostgreSQL answers others (its one connection cut, say)
 * is given up: its statement timeout has passed, so PostgreSQL would have answered by now.
 */
export const REQUEST_DEADLINE_MS = POSTGRES_STATEMENT_TIMEOUT_MS + 5000;

/**
 * The settings of the sessions that serve requests, sent as each one's first statement (pg runs a client's statements
 * in order). Set so, not as startup parameters, which PgBouncer refuses; not among the connection's `options`, which
 * a DATABASE_URL's own would replace. Migrations, start-up re-indexing and bulk seeding, which may run far longer,
 * use connections without them (unhurried, below).
 */
export const REQUEST_SESSION_SETTINGS = `set statement_timeout = ${POSTGRES_STATEMENT_TIMEOUT_MS}; set lock_timeout = ${DATABASE_BUSY_WAIT_MS}`;

/** Options every pool starts from; a caller's (a test's `max`, say) come on top. */
export const POOL_DEFAULTS: pg.PoolConfig = {
  connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  // An idle connection to a machine that vanished is found dead by the operating system and dropped, not handed out.
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
};

/** Whether PostgreSQL answers `select 1` on a new connection within STALL_PROBE_MS; one question at a time. */
export function stallProbe(config: pg.PoolConfig): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () => (running ??= answers(config).finally(() => (running = undefined)));
}

const socketOf = (client: pg.ClientBase) => (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;

async function answers(config: pg.PoolConfig): Promise<boolean> {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: STALL_PROBE_MS });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), STALL_PROBE_MS)));
  const answered = client
    .connect()
    .then(() => client.query('select 1'))
    // Refused with a SQLSTATE (too many connections, say): PostgreSQL answers, so the statement is merely slow.
    .then(
      () => true,
      (error: unknown) => error instanceof pg.DatabaseError,
    );
  const result = await Promise.race([answered, late]);
  clearTimeout(timer);
  if (result) void client.end().catch(() => undefined);
  else socketOf(client)?.destroy();
  return result;
}

const unhurriedDbs = new WeakMap<Kysely<any>, Kysely<any>>();

/**
 * The database for work that may rightly take minutes: migrations, start-up re-indexing of large areas (100,000
 * records), bulk seeding. On PostgreSQL its connections have none of the request sessions' statement and lock timeouts
 * (a second server starting waits for the first one's migrations instead of failing); a PostgreSQL that stops
 * answering still fails them. `db` itself on SQLite, and inside a transaction.
 */
export function unhurried<D>(db: Kysely<D>): Kysely<D> {
  return (unhurriedDbs.get(db) as Kysely<D> | undefined) ?? db;
}

/** createDb: `other` is `db`'s unhurried database. */
export function setUnhurried(db: Kysely<any>, other: Kysely<any>): void {
  unhurriedDbs.set(db, other);
}

const connectionFailures = new WeakSet<object>();

/**
 * Whether `error` came from a PostgreSQL connection that had failed: its socket reset or closed (ECONNRESET, EPIPE),
 * or a statement sent on it after, such as the ROLLBACK of a transaction whose session was ended: Kysely then throws
 * the ROLLBACK's error, not the one that ended the session (57P01).
 */
export function isConnectionFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && connectionFailures.has(error);
}

/**
 * Marks the errors of making a connection (`pool.connect()`) as connection failures: only the database's side of a
 * link raises them there. A PostgreSQL stopping (pg_ctl stop -m fast) accepts a connection and resets it, and the
 * 'read ECONNRESET' answered 500 where the server could not reach its database (an outside probe).
 */
export function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // The callback form is left as it is; Kysely and this server use the promise one.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      if (typeof error === 'object' && error !== null) connectionFailures.add(error);
      throw error;
    });
  }) as typeof pool.connect;
}

/**
 * Watches each statement sent on `client`: one unanswered for STALL_CHECK_MS while PostgreSQL does not answer a new
 * connection either, or unanswered past `deadlineMs`, closes the connection, and the statement fails (ETIMEDOUT: the
 * request answers 503). Errors after the connection failed are marked (isConnectionFailure).
 */
export function watchStatements(client: pg.PoolClient, probe: () => Promise<boolean>, deadlineMs?: number): void {
  let failed = false;
  client.on('error', () => (failed = true));
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    // Only the promise form is used here (Kysely's, runPlanned's); a callback or a cursor is left as it is.
    if (!(result instanceof Promise)) return result;
    const started = Date.now();
    let pending = true;
    const close = (message: string) => {
      if (pending) socketOf(client)?.destroy(Object.assign(new Error(message), { code: 'ETIMEDOUT' }));
    };
    const check = setInterval(() => {
      const waited = Date.now() - started;
      if (deadlineMs !== undefined && waited >= deadlineMs) return close(`PostgreSQL did not answer a statement in ${Math.round(waited / 1000)} s`);
      void probe().then((alive) => {
        if (!alive) close(`PostgreSQL did not answer a statement in ${Math.round(waited / 1000)} s, nor a new connection in ${STALL_PROBE_MS / 1000} s`);
      });
    }, STALL_CHECK_MS);
    const settle = () => {
      pending = false;
      clearInterval(check);
    };
    return result.then(
      (value: unknown) => {
        settle();
        return value;
      },
      (error: unknown) => {
        settle();
        if (failed && typeof error === 'object' && error !== null) connectionFailures.add(error);
        throw error;
      },
    );
  }) as typeof client.query;
}
