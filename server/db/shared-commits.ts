import { CompiledQuery, Kysely, type DatabaseConnection, type Driver, type KyselyConfig } from 'kysely';
import type { Database } from './types';

// ---- Write transactions that share a commit (SQLite, issue #10) ---------------------------------------------------
// A commit writes every page its transaction changed to the WAL: the record's b-tree pages, its indexes' and a new
// segment of the full-text index, which SQLite merges with others as they pile up. That was a sixth of a create's
// time, and writes arriving together change the same pages. So write transactions that follow one another with
// nothing else in between run inside one SQLite transaction, each in a savepoint of it: one that fails rolls back to
// its savepoint and leaves the others' work alone. The one COMMIT comes
// - once the event loop has run what was ready (setImmediate after a transaction ends);
// - before any statement outside a transaction, so nothing reads what is not committed;
// - before the database closes.
// `db.transaction().execute()` resolves only once its commit is done, and rejects with the commit's failure: no
// write is answered before its commit, and one that SQLite could not commit is answered as the failure it is.

const SAVEPOINT = 'cornerstone_write';

// ---- Statements run just before the commit ------------------------------------------------------------------------
// SQLite's full-text table (FTS5) keeps the words of the rows written to it in memory and writes them out as a new
// segment of its index whenever a savepoint or a statement journal begins (and when a row comes before the last one
// written), then merges segments as they pile up: with each write in a savepoint, every create wrote a segment of its
// own and paid for merging it. A write may instead leave a statement to run after every savepoint of the shared
// transaction is released, just before its COMMIT, in the same SQLite transaction. Such statements run in the order of
// their `order` (the full-text rows: by rowid, so the words of all the writes go out as one segment), those of one
// order in the order they were left; each is dropped with its write's savepoint when that write fails, or with the
// shared transaction when SQLite rolls it back; one that fails fails the commit, as any failed commit: every write of
// it, none of their work kept. A read inside the shared transaction does not see them: the writes that follow look
// at the notes left so far (`lastNote`) before they read the table (server/repositories/record-index.ts).

/**
 * Past this much deferred text (characters of the values left, summed), the writes so far commit before the next one
 * begins: what waits in memory is at most this and one transaction's own.
 */
export const DEFERRED_SIZE_LIMIT = 1024 * 1024;

interface Deferred {
  query: CompiledQuery;
  /** What the writer notes about it, to find it again. */
  note: unknown;
  size: number;
  /** Statements run in ascending order, those of one order in the order they were left. */
  order: number;
}

/** A running write transaction's way to leave statements for its commit. */
export interface CommitDeferral {
  /**
   * Runs `query` just before the commit (dropped if this transaction fails), among the others by `order`: statements
   * of different orders must not depend on one another. `size`: the characters of its values.
   */
  defer(query: CompiledQuery, note: unknown, size: number, order?: number): void;
  /** The last note left in the shared transaction that `match` accepts. */
  lastNote<T>(match: (note: unknown) => note is T): T | undefined;
  /** As `defer`, unless a statement of the same `key` is already left for this commit (and not dropped since). */
  deferOnce(key: string, query: CompiledQuery, order?: number): void;
}

/** The databases that share commits, by their adapter: an instance made by withPlugin, and its transactions, share it. */
const sharing = new WeakMap<object, SharedCommits>();

/** Marks `db` (and every instance and transaction made from it) as sharing commits through `shared`. */
export function shareCommitsOf(db: Kysely<Database>, shared: SharedCommits): void {
  sharing.set(db.getExecutor().adapter, shared);
}

/** The shared commits of `db` (or of the database it was made from); undefined when it shares none (PostgreSQL). */
export function sharedCommitsOf(db: Kysely<Database>): SharedCommits | undefined {
  return sharing.get(db.getExecutor().adapter);
}

/** `db`'s deferral when it is a running write transaction of a database that shares commits (SQLite). */
export function commitDeferral(db: Kysely<Database>): CommitDeferral | undefined {
  if (!db.isTransaction) return undefined;
  const shared = sharedCommitsOf(db);
  return shared?.isInside() ? shared : undefined;
}

/** How a shared transaction ended: resolved once committed, rejected with the reason it was not. */
export interface Outcome {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function newOutcome(): Outcome {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Handled here too: a shared transaction whose writers all failed before asking has no one else to tell.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

export class SharedCommits implements CommitDeferral {
  /** The shared transaction has begun and is not committed yet. */
  private open = false;
  /** How the open (or the last) shared transaction ends. */
  private outcome: Outcome | undefined;
  /** A Kysely transaction is running inside it. */
  private inside = false;
  /** Transactions run, commits made and statements left for a commit so far (the tests read them). */
  readonly counts = { transactions: 0, commits: 0, deferred: 0 };
  private scheduled = false;
  private committing: Promise<void> | undefined;
  /** Statements left for the commit of the open shared transaction, in order. */
  private deferred: Deferred[] = [];
  private deferredSize = 0;
  /** The keys of the statements left by deferOnce for the open shared transaction. */
  private onceKeys = new Set<string>();
  /** Where the running transaction's own deferred statements begin. */
  private deferredMark = 0;

  /** SharedCommitKysely's write transactions admitted and not ended yet (begun, or waiting for the connection). */
  private admittedWrites = 0;
  /** Set while new write transactions are held back (holdWrites): they wait for `gate`. */
  private held: { gate: Promise<void>; open: () => void; timer: ReturnType<typeof setTimeout> } | undefined;

  /** The last failure of a statement of the running transaction. */
  private failure: unknown;
  /** SQLite's one connection, as `outside` found it. */
  private connection: DatabaseConnection | undefined;

  constructor(
    /** Whether SQLite has a transaction open on the connection (better-sqlite3's `inTransaction`). */
    private readonly inTransaction: () => boolean,
  ) {}

  /** Kysely's driver, with its transactions run as savepoints of a shared one and a commit before it closes. */
  wrap(driver: Driver): void {
    driver.beginTransaction = async () => {
      await this.committing;
      // What waits in memory stays bounded: past the limit the writes so far commit first.
      if (this.open && this.deferredSize > DEFERRED_SIZE_LIMIT) await this.commit().catch(() => {});
      if (!this.open) {
        // IMMEDIATE: the write lock is taken here, before anything is read. With a plain BEGIN, another connection's
        // commit between a transaction's first read and its first write (the checkpoint worker's merge steps of the
        // search index, server/db/checkpoints.ts; a command run beside the server) failed that write with
        // SQLITE_BUSY_SNAPSHOT, which cannot be retried; SQLITE_BUSY here is, like any other (server/db/index.ts).
        await this.run('begin immediate');
        this.open = true;
        this.outcome = newOutcome();
      }
      this.inside = true;
      this.counts.transactions += 1;
      this.deferredMark = this.deferred.length;
      try {
        await this.run(`savepoint ${SAVEPOINT}`);
      } catch (error) {
        this.ended();
        throw error;
      }
    };
    driver.commitTransaction = async () => {
      try {
        await this.run(`release ${SAVEPOINT}`);
      } finally {
        this.ended();
      }
    };
    driver.rollbackTransaction = async () => {
      this.dropDeferred(this.deferredMark);
      try {
        // A failure SQLite answers by rolling back itself (a full disk, an I/O error) has ended the shared one.
        if (this.inTransaction()) {
          await this.run(`rollback to ${SAVEPOINT}`);
          await this.run(`release ${SAVEPOINT}`);
        }
      } catch (error) {
        // Its work could not be taken back alone: the whole shared transaction is, rather than committing a failed
        // write's changes (without the statements it left). Every write of it fails.
        this.failure = error;
        if (this.inTransaction()) await this.run('rollback').catch(() => {});
      } finally {
        this.ended();
      }
    };
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      if (this.open && !this.inside) await this.commit().catch(() => {});
      await destroy();
    };
  }

  /** The connection for statements outside transactions: the shared transaction commits before each. */
  outside(connection: DatabaseConnection): DatabaseConnection {
    this.connection = connection;
    const commitFirst = async () => {
      if (this.open && !this.inside) await this.commit().catch(() => {});
    };
    return {
      executeQuery: <R>(query: CompiledQuery) => {
        // A statement of a transaction: its failure is kept, for the others of the shared one should it end it.
        if (this.inside) return connection.executeQuery<R>(query).catch((error: unknown) => Promise.reject((this.failure = error)));
        // No await when nothing is to commit: a read pays nothing for this.
        return this.open ? commitFirst().then(() => connection.executeQuery<R>(query)) : connection.executeQuery<R>(query);
      },
      async *streamQuery(query, chunkSize) {
        await commitFirst();
        yield* connection.streamQuery(query, chunkSize);
      },
    };
  }

  /**
   * Holds new write transactions back (SharedCommitKysely's, until releaseWrites or for `maxMs` at most) and resolves
   * once none is under way: the one open has committed (or failed). Reads go on meanwhile. For the checkpoint worker,
   * which copies the end of the write-ahead log meanwhile (server/db/checkpoints.ts, HOLD_LOG_PAGES).
   */
  async holdWrites(maxMs: number): Promise<void> {
    if (!this.held) {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const timer = setTimeout(() => this.releaseWrites(), maxMs);
      timer.unref?.();
      this.held = { gate, open, timer };
    }
    const held = this.held;
    // Those already admitted (begun, or waiting for the connection behind a read) finish; the shared transaction then
    // commits.
    while (this.held === held && (this.admittedWrites > 0 || this.open || this.committing)) {
      if (this.committing) await this.committing.catch(() => {});
      else if (this.inside || !this.open) await new Promise((resolve) => setImmediate(resolve));
      else await this.commit().catch(() => {});
    }
  }

  /** Lets held write transactions go on. */
  releaseWrites(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    clearTimeout(held.timer);
    held.open();
  }

  /**
   * Resolves once a new write transaction may begin (at once, unless holdWrites holds them), counting it as admitted
   * from then on: `done` must be called once it has ended, however.
   */
  admit(): Promise<void> | undefined {
    if (!this.held) {
      this.admittedWrites += 1;
      return undefined;
    }
    return (async () => {
      while (this.held) await this.held.gate;
      this.admittedWrites += 1;
    })();
  }

  /** An admitted write transaction has ended (committed, failed or rolled back). */
  done(): void {
    this.admittedWrites -= 1;
  }

  /** A Kysely transaction is running inside the shared one. */
  isInside(): boolean {
    return this.inside;
  }

  defer(query: CompiledQuery, note: unknown, size: number, order = 0): void {
    if (!this.inside) throw new Error('SharedCommits: a statement can only be deferred by a running transaction');
    this.deferred.push({ query, note, size, order });
    this.deferredSize += size;
    this.counts.deferred += 1;
  }

  deferOnce(key: string, query: CompiledQuery, order = 0): void {
    if (this.onceKeys.has(key)) return;
    this.defer(query, { once: key }, 0, order);
    this.onceKeys.add(key);
  }

  lastNote<T>(match: (note: unknown) => note is T): T | undefined {
    for (let at = this.deferred.length - 1; at >= 0; at -= 1) {
      const entry = this.deferred[at];
      if (entry && match(entry.note)) return entry.note;
    }
    return undefined;
  }

  /** Forgets the deferred statements from `from` on. */
  private dropDeferred(from: number): void {
    for (const entry of this.deferred.splice(from)) {
      this.deferredSize -= entry.size;
      const key = (entry.note as { once?: unknown } | null)?.once;
      if (typeof key === 'string') this.onceKeys.delete(key);
    }
    if (this.deferred.length === 0) this.deferredSize = 0;
  }

  /** How the shared transaction a running transaction is in ends. */
  current(): Outcome | undefined {
    return this.outcome;
  }

  /** Resolves once the shared transaction of `outcome` is committed; rejects with the reason it was not. */
  committed(outcome: Outcome | undefined): Promise<void> {
    if (!outcome) return Promise.resolve();
    this.schedule();
    return outcome.promise;
  }

  private ended(): void {
    this.inside = false;
    if (this.open && !this.inTransaction()) {
      // SQLite rolled the shared transaction back itself (a full disk, an I/O error): none of it will be committed,
      // and every write of it fails as the statement that ended it did.
      this.open = false;
      this.dropDeferred(0);
      this.outcome?.reject(this.failure ?? Object.assign(new Error('SQLite rolled the transaction back'), { code: 'SQLITE_IOERR' }));
    }
    this.failure = undefined;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.open && !this.inside) void this.commit().catch(() => {});
    });
  }

  /** Commits the shared transaction (with none running inside it), once. */
  private commit(): Promise<void> {
    this.committing ??= (async () => {
      const outcome = this.outcome;
      try {
        this.counts.commits += 1;
        // Taken before they run: a failure below leaves none of them for the next shared transaction.
        const deferred = this.deferred.splice(0).sort((a, b) => a.order - b.order);
        this.deferredSize = 0;
        this.onceKeys.clear();
        for (const { query } of deferred) await this.run(query);
        await this.run('commit');
        this.open = false;
        outcome?.resolve();
      } catch (error) {
        // Nothing of it is in the database: roll back what SQLite left open; each of its writes answers the failure.
        if (this.inTransaction()) await this.run('rollback').catch(() => {});
        this.open = false;
        outcome?.reject(error);
        throw error;
      }
    })().finally(() => (this.committing = undefined));
    return this.committing;
  }

  private run(statement: string | CompiledQuery) {
    if (!this.connection) throw new Error('SharedCommits: no connection yet');
    return this.connection.executeQuery(typeof statement === 'string' ? CompiledQuery.raw(statement) : statement);
  }
}

/**
 * Kysely whose transactions resolve once their shared transaction is committed. (An instance made from it by
 * withPlugin or withSchema is Kysely's own: its transactions still share commits, but return at their savepoint's
 * release; the server makes none.)
 */
export class SharedCommitKysely extends Kysely<Database> {
  readonly #shared: SharedCommits;

  constructor(config: KyselyConfig, shared: SharedCommits) {
    super(config);
    this.#shared = shared;
  }

  override transaction() {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    const shared = this.#shared;
    builder.execute = async (callback) => {
      // Before the connection is asked for: reads are not held behind it.
      const admitted = shared.admit();
      if (admitted) await admitted;
      let outcome: Outcome | undefined;
      try {
        const result = await execute(async (trx) => {
          const value = await callback(trx);
          outcome = shared.current();
          return value;
        });
        await shared.committed(outcome);
        return result;
      } finally {
        shared.done();
      }
    };
    return builder;
  }
}
