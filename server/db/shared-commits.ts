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
// segment of its index whenever a savepoint or a statement journal begins, then merges segments as they pile up: with
// each write in a savepoint, every create wrote a segment of its own and paid for merging it (a fifth of a create at
// 100,000 posts, replayed). A write may instead leave a statement to run after every savepoint of the shared
// transaction is released, just before its COMMIT: the words of all its writes go out as one segment. Such a
// statement is dropped with its write's savepoint when that write fails, runs in the order it was left, and one that
// fails fails the commit (every write of it, as any failed commit). Reads inside the shared transaction do not see it:
// its writer looks for what it left (`deferred`) before reading the table (server/repositories/record-index.ts).

/** Past this many bytes of deferred statements' values, the shared transaction commits before the next write. */
export const DEFERRED_BYTES_LIMIT = 1024 * 1024;

interface Deferred {
  query: CompiledQuery;
  /** What the writer notes about it, to find it again. */
  note: unknown;
  bytes: number;
}

/** A running write transaction's way to leave statements for its commit. */
export interface CommitDeferral {
  /** Runs `query` just before the commit (dropped if this transaction fails). */
  defer(query: CompiledQuery, note: unknown, bytes: number): void;
  /** The notes of the statements left so far in the shared transaction, oldest first. */
  notes(): readonly unknown[];
}

/** The transactions of a SharedCommitKysely, while they run. */
const running = new WeakMap<object, SharedCommits>();

/** `db`'s deferral when it is a running write transaction of a database that shares commits (SQLite). */
export function commitDeferral(db: object): CommitDeferral | undefined {
  const shared = running.get(db);
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
  /** Transactions run and commits made so far (the tests read them). */
  readonly counts = { transactions: 0, commits: 0 };
  private scheduled = false;
  private committing: Promise<void> | undefined;
  /** Statements left for the commit of the open shared transaction, in order. */
  private deferred: Deferred[] = [];
  private deferredBytes = 0;
  /** Where the running transaction's own deferred statements begin. */
  private deferredMark = 0;

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
      // Deferred values kept in memory stay bounded: past the limit the writes so far commit first.
      if (this.open && this.deferredBytes > DEFERRED_BYTES_LIMIT) await this.commit().catch(() => {});
      if (!this.open) {
        await this.run('begin');
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

  /** A Kysely transaction is running inside the shared one. */
  isInside(): boolean {
    return this.inside;
  }

  defer(query: CompiledQuery, note: unknown, bytes: number): void {
    if (!this.inside) throw new Error('SharedCommits: a statement can only be deferred by a running transaction');
    this.deferred.push({ query, note, bytes });
    this.deferredBytes += bytes;
  }

  notes(): readonly unknown[] {
    return this.deferred.map((entry) => entry.note);
  }

  /** Forgets the deferred statements from `from` on. */
  private dropDeferred(from: number): void {
    for (const entry of this.deferred.splice(from)) this.deferredBytes -= entry.bytes;
    if (this.deferred.length === 0) this.deferredBytes = 0;
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
        const deferred = this.deferred.splice(0);
        this.deferredBytes = 0;
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
      let outcome: Outcome | undefined;
      const result = await execute(async (trx) => {
        running.set(trx, shared);
        try {
          const value = await callback(trx);
          outcome = shared.current();
          return value;
        } finally {
          running.delete(trx);
        }
      });
      await shared.committed(outcome);
      return result;
    };
    return builder;
  }
}
