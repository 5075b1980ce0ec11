import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHECKPOINT_RETRY_MAX_MS, HOLD_LOG_PAGES, HOLD_MAX_MS, checkpointInBackground, type Checkpointer } from './checkpoints';
import { SqliteDatabase } from './sqlite-driver';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteQueryCompiler, sql, type CompiledQuery, type DialectAdapter, type DatabaseConnection, type Driver, type LimitNode, type OffsetNode, type OperationNode, type QueryCompiler, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { UNICODE_LOWER, dialectOf } from './dialect';
import { migrations } from './migrations';
import { PLAN_ONCE, planOnce } from './planned';
import { DATABASE_BUSY_WAIT_MS, POOL_DEFAULTS, markConnectFailures, REQUEST_DEADLINE_MS, REQUEST_SESSION_SETTINGS, setUnhurried, stallProbe, unhurried, watchStatements } from './postgres-sessions';
import { SharedCommitKysely, SharedCommits, shareCommitsOf, sharedCommitsOf } from './shared-commits';
import type { Database } from './types';

export type { Database } from './types';
export { dialectOf, type DialectName } from './dialect';
export { DATABASE_BUSY_WAIT_MS, isConnectionFailure, unhurried } from './postgres-sessions';

export type DbOptions =
  /** A SQLite file path, or ':memory:' for tests. */
  | { sqlite: string }
  | { postgres: pg.PoolConfig };

export const SQLITE_FILE_NAME = 'cornerstone.db';

export interface CreateDbOptions {
  /**
   * SQLite file only. `true`: a commit returns before it reaches the disk, and `settleWrites(db)` waits until every
   * write committed so far has (the server waits for it before it answers a write: app.ts). Default false: each
   * commit waits for the disk itself, holding the event loop meanwhile.
   */
  settleLater?: boolean;
  /** Makes the WAL durable (tests replace it to watch the order of things); default: fdatasync of the WAL file. */
  syncWal?: (walFile: string) => Promise<void>;
  /** SQLite with settleLater: log pages from which the checkpoint worker holds writes back (HOLD_LOG_PAGES; 0: never). */
  holdLogPages?: number;
  /** PostgreSQL only: told of a connection the database server closed (default: one line on stderr). */
  onConnectionLost?: (error: Error) => void;
}

export const reportLostConnection = (error: Error) =>
  console.error(`Cornerstone lost a connection to PostgreSQL (${error.message}); the next request opens another.`);

/**
 * A pool whose connections may be closed under it. PostgreSQL closes them when it restarts, crashes, is stopped or
 * ends a session (pg_terminate_backend); node-postgres then raises an 'error' event on the connection (and, for an idle
 * one, on the pool), and an event without a listener stops the whole process. Both are heard: the pool drops the
 * connection and opens another for the next request, and a request that was using it answers 503 (plugins/errors.ts).
 * A PostgreSQL that stops answering without closing them is found out too (postgres-sessions.ts).
 */
function resilientPool(config: pg.PoolConfig, onLost: (error: Error) => void, watch: { probe: () => Promise<boolean>; deadlineMs?: number }): pg.Pool {
  const pool = new pg.Pool(config);
  markConnectFailures(pool);
  // Reported once per connection, by its own listener below (a connection ended in use hears of it twice: the
  // server's message, then the closed socket).
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (!reported) onLost(error);
      reported = true;
    });
    watchStatements(client, watch.probe, watch.deadlineMs);
  });
  return pool;
}

export function createDb(source: Pick<Config, 'dataDir' | 'databaseUrl'> | DbOptions, settings: CreateDbOptions = {}): Kysely<Database> {
  const options = toDbOptions(source);
  if ('postgres' in options) {
    const onLost = settings.onConnectionLost ?? reportLostConnection;
    const config = { ...POOL_DEFAULTS, ...options.postgres };
    const probe = stallProbe(config);
    const pool = resilientPool(config, onLost, { probe, deadlineMs: REQUEST_DEADLINE_MS });
    pool.on('connect', (client) => void client.query(REQUEST_SESSION_SETTINGS).catch(() => undefined));
    // The statements built once, outside a transaction, run on a pool of their own, planned once (planned.ts). Its
    // setting is the first statement of each of its connections (a client runs its statements in order); set so, not
    // among the connection's options, which a DATABASE_URL's own `options` would replace.
    const planned = resilientPool(config, onLost, { probe, deadlineMs: REQUEST_DEADLINE_MS });
    planned.on('connect', (client) => void client.query(`${PLAN_ONCE}; ${REQUEST_SESSION_SETTINGS}`).catch(() => undefined));
    // Few connections: the work it does runs one transaction at a time, at start or from a command.
    const unhurriedPool = resilientPool({ ...config, max: 2 }, onLost, { probe });
    const end = pool.end.bind(pool);
    pool.end = (async () => {
      await Promise.all([end(), planned.end(), unhurriedPool.end()]);
    }) as typeof pool.end;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    planOnce(db, planned);
    setUnhurried(db, new Kysely<Database>({ dialect: new PostgresDialect({ pool: unhurriedPool }) }));
    return db;
  }
  if (options.sqlite !== ':memory:') mkdirSync(path.dirname(options.sqlite), { recursive: true });
  // No busy_timeout: better-sqlite3 is synchronous, and SQLite's own wait would stop the whole server while another
  // process holds the lock (issue #9: health took 4.8 s). PatientSqliteDialect waits without blocking instead.
  const database = new SqliteDatabase(options.sqlite, { timeout: 0 });
  // WAL lets readers proceed while a write is in progress; SQLite leaves foreign keys off by default.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Deleted content (a CV, say) is overwritten with zeros, not merely marked free (docs/deploy.md).
  database.pragma('secure_delete = ON');
  // SQLite's lower() and LIKE fold A-Z only: "çelik" did not find "Ünal Çelik" where PostgreSQL's ILIKE did (an
  // outside probe comparing the two). Searched in place and matched by prefix, text goes through this (dialect.ts
  // `like`, `lowerCase`); it is in no index, so a database opened without it (the sqlite3 shell) reads and writes alike.
  database.function(UNICODE_LOWER, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const settler = settings.settleLater && options.sqlite !== ':memory:' ? new WalSettler(`${options.sqlite}-wal`, settings.syncWal ?? syncFile) : undefined;
  // NORMAL: a commit is in the WAL (the operating system's cache) when it returns, safe from a crash of the process;
  // WalSettler then makes it safe from a crash of the machine before the write is answered.
  if (settler) database.pragma('synchronous = NORMAL');
  // Checkpoints leave the commits too (checkpoints.ts); should the worker fail, SQLite's own come back.
  const shared = new SharedCommits(() => database.inTransaction);
  let checkpointer: Checkpointer | undefined;
  if (settler) {
    // SQLite's own checkpoint only as a backstop, should the worker not get the log started again (it holds writes
    // back for that once the log passes HOLD_LOG_PAGES, checkpoints.ts): most of the log is copied already then, so it
    // has little left to do, but it does it on the event loop. The log is then cut back to WAL_KEPT_BYTES.
    database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    database.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
    checkpointer = checkpointInBackground(options.sqlite, {
      onError: (message, stopped) => {
        console.error(
          `Cornerstone: checkpoints on a worker thread failed (${message}); SQLite checkpoints in its commits ` +
            (stopped ? 'from now on.' : `until they work again (tried again every ${CHECKPOINT_RETRY_MAX_MS / 1000} s at most).`),
        );
        if (database.open) database.pragma('wal_autocheckpoint = 1000');
      },
      onRecovered: () => {
        console.error('Cornerstone: checkpoints on a worker thread work again.');
        if (database.open) database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
      },
      // Nothing is lost: each commit that writes to the index goes on merging a step of it (migration 0015).
      onTidyError: (message) => console.error(`Cornerstone: merging the search index on a worker thread failed (${message}); the writes go on merging it a step at a time.`),
      onHold: () => shared.holdWrites(HOLD_MAX_MS),
      onRelease: () => shared.releaseWrites(),
    }, { holdPages: settings.holdLogPages ?? HOLD_LOG_PAGES });
  }
  const db = new SharedCommitKysely({ dialect: new PatientSqliteDialect({ database: reusingStatements(database, () => {
    checkpointer?.stop();
    shared.releaseWrites();
  }), settler, shared, inTransaction: () => database.inTransaction }) }, shared);
  if (settler) settlers.set(db, settler);
  shareCommitsOf(db, shared);
  return db;
}

// ---- Writes made durable off the event loop (issue #10) ------------------------------------------------------------
// With SQLite's default (synchronous = FULL) every commit waits for the disk inside better-sqlite3's synchronous
// call: 3.5 ms per commit measured on these machines, the event loop held all along, and one fsync per write. With
// settleLater the commit returns once the WAL holds it, and the server, before answering a write, waits for an
// fdatasync of the WAL file on libuv's thread pool: one fsync covers every commit made before it began, so writes
// arriving together share it, and reads go on meanwhile. An answered write is on disk either way.

const settlers = new WeakMap<Kysely<Database>, WalSettler>();

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

class WalSettler {
  /** Writes committed (or statements that may have written) so far, and how many of them are known on disk. */
  private written = 0;
  private synced = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly walFile: string,
    private readonly sync: (walFile: string) => Promise<void>,
  ) {}

  /** Called once a statement that may have written returned: what it wrote is in the WAL. */
  wrote(): void {
    this.written += 1;
  }

  /** Resolves once everything written before the call is on disk; rejects when the disk refused. */
  async settle(): Promise<void> {
    const target = this.written;
    while (this.synced < target) {
      this.running ??= this.syncNow().finally(() => (this.running = undefined));
      await this.running;
    }
  }

  private async syncNow(): Promise<void> {
    const upTo = this.written;
    await this.sync(this.walFile);
    this.synced = Math.max(this.synced, upTo);
  }
}

/**
 * SQLite: how many transactions ran, how many commits they took and how many statements they left for them
 * (shared-commits.ts); undefined on PostgreSQL.
 */
export function commitCounts(db: Kysely<Database>): { transactions: number; commits: number; deferred: number } | undefined {
  const counts = sharedCommitsOf(db)?.counts;
  return counts && { ...counts };
}

/** Waits until every write this database committed so far is on disk (nothing to wait for unless settleLater). */
export async function settleWrites(db: Kysely<Database>): Promise<void> {
  await settlers.get(db)?.settle();
}

/** What the write-ahead log is cut back to when it starts again (SQLite's journal_size_limit). */
export const WAL_KEPT_BYTES = 64 * 1024 * 1024;
/**
 * Log pages past which a commit checkpoints itself (SQLite's default is 1,000; the worker's keep it below, starting
 * the log again from HOLD_LOG_PAGES: twice that leaves room for what 20 writers add between two of its turns).
 */
export const BACKSTOP_CHECKPOINT_PAGES = 16_384;

/** How many prepared statements the SQLite connection keeps for reuse (the API sends a few dozen distinct ones). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The database as Kysely's SQLite driver sees it, with its statements kept for reuse: the driver prepares every
 * query afresh, which cost 40 µs of a 180 µs list query (issue #10). SQLite re-prepares a kept statement by itself
 * when the schema changes. A statement still being iterated (a stream) is never handed out twice.
 */
function reusingStatements(database: SqliteDatabase, beforeClose?: () => void): Pick<SqliteDatabase, 'close' | 'prepare'> {
  const kept = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    close: () => {
      beforeClose?.();
      return database.close();
    },
    prepare: ((source: string) => {
      const statement = kept.get(source);
      if (statement && !statement.busy) {
        // Most recently used last: the first key is the one to drop.
        kept.delete(source);
        kept.set(source, statement);
        return statement;
      }
      const prepared = database.prepare(source);
      if (!statement) {
        kept.set(source, prepared);
        if (kept.size > STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      }
      return prepared;
    }) as SqliteDatabase['prepare'],
  };
}


/**
 * SQLite's single connection, whose statements retry SQLITE_BUSY on timers, leaving the event loop free. The wait is
 * per busy spell, not per statement: once a lock has been held past the limit, every write fails at once until one
 * gets through, so a request of several statements (or health behind it) does not wait the limit several times.
 */
/**
 * SQLite changes tables inside a transaction as PostgreSQL does, and rolls them back with it; Kysely's adapter says it
 * does not, so its migrator ran SQLite's migrations without one: a start stopped in the middle of 0016 (its column
 * added, its values not filled nor the migration recorded) failed every later start with "duplicate column name:
 * width" (a review). Said so, the migrator runs a start's migrations and their records in one transaction.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class PatientSqliteDialect extends SqliteDialect {
  readonly #settler: WalSettler | undefined;
  readonly #shared: SharedCommits;
  readonly #inTransaction: () => boolean;

  constructor(config: SqliteDialectConfig & { settler?: WalSettler; shared: SharedCommits; inTransaction: () => boolean }) {
    super(config);
    this.#settler = config.settler;
    this.#shared = config.shared;
    this.#inTransaction = config.inTransaction;
  }

  override createQueryCompiler(): QueryCompiler {
    return new UnplannedLimitCompiler();
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const spell: BusySpell = { since: undefined };
    let wrapped: { inner: DatabaseConnection; outer: DatabaseConnection } | undefined;
    driver.acquireConnection = async () => {
      const inner = await acquire();
      if (wrapped?.inner !== inner) wrapped = { inner, outer: this.#shared.outside(patient(inner, spell, this.#settler, this.#inTransaction)) };
      return wrapped.outer;
    };
    this.#shared.wrap(driver);
    return driver;
  }
}

/**
 * SQLite reads the value bound to a LIMIT or an OFFSET while it plans a statement, and so marks the statement to be
 * compiled again whenever that parameter is bound again; better-sqlite3 binds at every run, so every run of a statement
 * with `limit ?` compiled it again (a page of a list of posts: 220 µs a run, 177 µs compiled once; a slug's check:
 * 12 µs, 3 µs). Written `limit ? + 0`, the limit is an expression SQLite does not read while planning, and a statement
 * is compiled once (docs/performance.md, twentieth pass). The 62 statements the bench's requests run plan alike either
 * way (their query plans with their values bound). Limits given as SQL text (`sql\`… limit ${n}\``) write the `+ 0`
 * themselves (unplannedLimit).
 */
class UnplannedLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit ');
    this.#unplanned(node.limit);
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset ');
    this.#unplanned(node.offset);
  }

  #unplanned(value: OperationNode): void {
    this.visitNode(value);
    if (value.kind === 'ValueNode') this.append(' + 0');
  }
}

interface BusySpell {
  /** When a statement first found the database locked; cleared by a write that got through. */
  since: number | undefined;
  /** The last time a statement found it locked: after a quiet second, a lock starts a new spell. */
  last?: number;
}

// Statements that take the write lock: their success ends a busy spell (a read succeeds under another's lock in WAL).
const WRITES = /^\s*(insert|update|delete|replace)\b/i;
// Statements that never write: a `with` may (`with … insert`), so it is not one of them.
const READS = /^\s*(select|begin|savepoint|explain)\b/i;

function patient(connection: DatabaseConnection, spell: BusySpell, settler: WalSettler | undefined, inTransaction: () => boolean): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery) {
      for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
        try {
          const result = await connection.executeQuery<R>(query);
          if (spell.since !== undefined && WRITES.test(query.sql)) spell.since = undefined;
          // Anything but a plain read may have written (a commit, DDL, a pragma): counting too many costs a sync.
          if (settler && !READS.test(query.sql)) settler.wrote();
          return result;
        } catch (error) {
          // SQLITE_BUSY_SNAPSHOT is retried only outside a transaction (a BEGIN IMMEDIATE, a statement of its own, when
          // another connection committed between its read of the log and its taking the lock): inside one, the
          // transaction read data another connection has changed since.
          const code = (error as { code?: unknown }).code;
          const retried = code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_RECOVERY' || (code === 'SQLITE_BUSY_SNAPSHOT' && !inTransaction());
          if (!retried) throw error;
          const now = Date.now();
          if (spell.since === undefined || now - (spell.last ?? now) > 1000) spell.since = now;
          spell.last = now;
          if (now + delay > spell.since + DATABASE_BUSY_WAIT_MS) throw error;
          await sleep(delay);
        }
      }
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * Throws the database's own error when it cannot take a write (busy, read-only, unreachable): a statement that
 * needs the write lock but changes no row. /api/health runs it.
 */
export async function probeWritable(db: Kysely<Database>): Promise<void> {
  await sql`update area_snapshots set area = area where 1 = 0`.execute(db);
}

// ---- One server per SQLite data directory (issue #9) --------------------------------------------------------------

export const LOCK_FILE_NAME = 'cornerstone.lock';
export const PID_FILE_NAME = 'cornerstone.pid';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming the process that has it. The lock
 * is SQLite's own file lock (POSIX fcntl) on `cornerstone.lock`: the kernel drops it when its process ends, however
 * it ends, so a crash leaves no stale lock to clear. The holder's PID is written beside it for the message.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const directory = path.resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const lock = new SqliteDatabase(path.join(directory, LOCK_FILE_NAME), { timeout: 0 });
  const pidFile = path.join(directory, PID_FILE_NAME);
  try {
    // EXCLUSIVE locking mode keeps the lock after the first transaction begins, until the connection closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('begin exclusive');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    let holder = '';
    try {
      const pid = readFileSync(pidFile, 'utf8').trim();
      if (/^\d+$/.test(pid)) holder = ` (process ${pid})`;
    } catch {
      // The other server is starting and has not written its PID yet.
    }
    throw new DataDirLockedError(
      `Another Cornerstone server${holder} is using the data directory ${directory}. Stop it first: two servers ` +
        'writing one SQLite database fail each other. Several servers need PostgreSQL (DATABASE_URL).',
    );
  }
  writeFileSync(pidFile, `${process.pid}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // The lock is the kernel's, gone with the process: a PID file that cannot be removed (the disk went read-only)
      // is only stale. It ended a stop with an uncaught EROFS and exit 1 before (an outside probe).
      try {
        rmSync(pidFile, { force: true });
      } catch {
        // Left behind; the next start writes its own.
      }
      lock.close();
    },
  };
}

function toDbOptions(source: Pick<Config, 'dataDir' | 'databaseUrl'> | DbOptions): DbOptions {
  if ('sqlite' in source || 'postgres' in source) return source;
  if (source.databaseUrl) return { postgres: { connectionString: source.databaseUrl } };
  return { sqlite: path.join(source.dataDir, SQLITE_FILE_NAME) };
}

/**
 * SQLite: copies the write-ahead log into the database and empties it. The log still holds the pages as they were
 * written (a deleted file's bytes among them) until then. Does nothing on PostgreSQL.
 */
export async function truncateWal(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

function isSchemaGone(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === '3F000';
}

/** Kysely's migrator for this database, with the project's migrations. */
export async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; pin it to
  // the schema our tables land in, or another schema's kysely_migration would be taken for ours.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
}

/**
 * Brings the schema up to date; throws when a migration fails. `onUpgrade` hears the changes about to be made to a
 * database that had some already (not a new one, which takes a moment): a start rewriting 300 images said nothing for
 * 11-22 s, and its operator could not tell it from a hang (an outside probe).
 */
export async function migrate(db: Kysely<any>, { onUpgrade }: { onUpgrade?: (pending: string[]) => void } = {}): Promise<string[]> {
  // Unhurried: a migration may rewrite or index every record, and a second server starting waits for the first's.
  const migrator = await migratorFor(unhurried(db));
  if (onUpgrade) {
    const known = await migrator.getMigrations();
    const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
    if (pending.length > 0 && pending.length < known.length) onUpgrade(pending);
  }
  let { error, results } = await migrator.migrateToLatest();
  // Before it migrates, Kysely looks for its bookkeeping tables among every schema's tables, testing each schema's
  // privileges by name: a schema another client drops meanwhile fails that look with 3F000 (invalid_schema_name),
  // though nothing of ours is wrong. Looked for again, it is gone. (Seen with test files side by side, each dropping
  // its schema at its end; possible on any PostgreSQL database shared with others.) Nothing has been migrated then.
  for (let attempt = 1; error && isSchemaGone(error) && attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed}" ` : ''}failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
