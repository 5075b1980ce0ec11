// Issue #10: on SQLite, write transactions that follow one another share one commit, each in a savepoint of it
// (server/db/shared-commits.ts). What must hold: a transaction that fails takes only its own work with it; nothing
// outside a transaction reads what is not committed; a transaction resolves only once its commit is on the database,
// and a commit that fails fails every transaction in it, none of whose work is kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { commitCounts, createDb, migrate, type Database } from '../../server/db';
import { DEFERRED_SIZE_LIMIT, commitDeferral, sharedCommitsOf } from '../../server/db/shared-commits';
import { SqliteDatabase } from '../../server/db/sqlite-driver';
import { hashPassword } from '../../server/passwords';
import { createUser } from '../../server/repositories/users';
import { USER, apiClient, signIn } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function sqliteFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cornerstone-shared-'));
  const file = path.join(dir, 'cornerstone.db');
  // Shared commits need no settleLater (the server's): every SQLite database has them.
  const db = createDb({ sqlite: file });
  cleanups.push(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  // A table of this test's own: `parent` is checked at the commit only (a deferred foreign key).
  await sql`create table shared_things (id integer primary key, name text not null unique, parent integer references shared_things (id) deferrable initially deferred)`.execute(db);
  return { db, file };
}

/** What another connection to the file sees: only what is committed. */
function committedNames(file: string): string[] {
  const other = new SqliteDatabase(file, { readonly: true });
  try {
    return (other.prepare('select name from shared_things order by id').all() as { name: string }[]).map((row) => row.name);
  } finally {
    other.close();
  }
}

const insert = (db: Kysely<Database>, name: string, parent: number | null = null) =>
  sql`insert into shared_things (name, parent) values (${name}, ${parent})`.execute(db);

describe('write transactions sharing a commit (SQLite)', () => {
  it('commits transactions that run one after another once, each with exactly its own rows', async () => {
    const { db, file } = await sqliteFile();
    const before = commitCounts(db)!;
    const names = ['Oak', 'Ash', 'Elm', 'Yew', 'Fir'];
    await Promise.all(names.map((name) => db.transaction().execute((trx) => insert(trx, name))));
    const after = commitCounts(db)!;
    expect(after.transactions - before.transactions).toBe(5);
    expect(after.commits - before.commits).toBe(1);
    // Resolved means committed: another connection sees all five already.
    expect(committedNames(file)).toEqual(names);
  });

  it('rolls back only the transaction that failed', async () => {
    const { db, file } = await sqliteFile();
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'Oak')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'Ash');
        throw new Error('the form was wrong');
      }),
      // The same name twice: the unique constraint refuses this one, in the middle of the shared transaction.
      db.transaction().execute(async (trx) => {
        await insert(trx, 'Elm');
        await insert(trx, 'Oak');
      }),
      db.transaction().execute((trx) => insert(trx, 'Yew')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('the form was wrong');
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain('UNIQUE constraint failed: shared_things.name');
    expect(committedNames(file)).toEqual(['Oak', 'Yew']);
  });

  it('commits before a statement outside a transaction, so a read never sees what is not committed', async () => {
    const { db, file } = await sqliteFile();
    const writing = db.transaction().execute((trx) => insert(trx, 'Oak'));
    // Asked before the transaction has resolved (its commit waits for the event loop's next turn).
    const read = await sql<{ name: string }>`select name from shared_things`.execute(db);
    expect(read.rows.map((row) => row.name)).toEqual(['Oak']);
    expect(committedNames(file)).toEqual(['Oak']);
    await writing;
  });

  it('fails every transaction of a commit that fails, and keeps none of their rows', async () => {
    const { db, file } = await sqliteFile();
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'Oak')),
      // Its parent does not exist: SQLite refuses the commit, not the statement.
      db.transaction().execute((trx) => insert(trx, 'Orphan', 999)),
      db.transaction().execute((trx) => insert(trx, 'Yew')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toContain('FOREIGN KEY constraint failed');
    expect(committedNames(file)).toEqual([]);
    // The database takes writes again at once.
    await db.transaction().execute((trx) => insert(trx, 'Ash'));
    expect(committedNames(file)).toEqual(['Ash']);
  });

  it('answers a write as done exactly when it is stored, when the disk fills in the middle of a shared commit', async () => {
    const { db, file } = await sqliteFile();
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count;
    // A database that cannot grow by more than two pages: the big row does not fit (SQLITE_FULL).
    await sql.raw(`pragma max_page_count = ${Number(pages) + 2}`).execute(db);
    const names = ['Oak', 'x'.repeat(200_000), 'Yew'];
    const results = await Promise.allSettled(names.map((name) => db.transaction().execute((trx) => insert(trx, name))));
    expect(results[1]!.status).toBe('rejected');
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_FULL' });
    // Whether SQLite rolled back the statement or the whole transaction, what was answered done is what is stored.
    const done = names.filter((_, n) => results[n]!.status === 'fulfilled');
    expect(committedNames(file)).toEqual(done);
    for (const [n, result] of results.entries()) {
      if (n !== 1 && result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'SQLITE_FULL' });
    }
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    await db.transaction().execute((trx) => insert(trx, 'Ash'));
    expect(committedNames(file)).toEqual([...done, 'Ash']);
  });

  it('commits what was written before the database closes', async () => {
    const { db, file } = await sqliteFile();
    let written = false;
    const writing = db.transaction().execute(async (trx) => {
      await insert(trx, 'Oak');
      written = true;
    });
    // Its savepoint released, its commit not yet made (that waits for the event loop's next turn): closing now.
    while (!written) await new Promise<void>(queueMicrotask);
    for (let hop = 0; hop < 10; hop++) await new Promise<void>(queueMicrotask);
    expect(commitCounts(db)!.commits).toBe(0);
    await db.destroy();
    expect(committedNames(file)).toEqual(['Oak']);
    await writing;
  });
});

describe('writes held back for the checkpoint worker (SQLite)', () => {
  it('holds once the transaction under way has committed; later ones wait while reads go on, then commit, none lost', async () => {
    const { db, file } = await sqliteFile();
    const shared = sharedCommitsOf(db)!;
    let finish!: () => void;
    const underWay = db.transaction().execute(async (trx) => {
      await insert(trx, 'Oak');
      await new Promise<void>((resolve) => (finish = resolve));
      await insert(trx, 'Ash');
    });
    while (!finish) await new Promise<void>(queueMicrotask);
    let held = false;
    const holding = shared.holdWrites(10_000).then(() => (held = true));
    await sleep(30);
    // The transaction under way is not cut short: the hold waits for its commit.
    expect(held).toBe(false);
    finish();
    await underWay;
    await holding;
    expect(committedNames(file)).toEqual(['Oak', 'Ash']);
    // Held: a new write waits, uncommitted and unanswered; a read is answered meanwhile.
    let answered = false;
    const later = db.transaction().execute((trx) => insert(trx, 'Elm')).then(() => (answered = true));
    const read = await sql<{ name: string }>`select name from shared_things order by id`.execute(db);
    expect(read.rows.map((row) => row.name)).toEqual(['Oak', 'Ash']);
    await sleep(50);
    expect(answered).toBe(false);
    expect(committedNames(file)).toEqual(['Oak', 'Ash']);
    shared.releaseWrites();
    await later;
    expect(committedNames(file)).toEqual(['Oak', 'Ash', 'Elm']);
  });

  it('waits too for a write admitted before the hold that has not begun yet (behind a read for the connection, say)', async () => {
    const { db, file } = await sqliteFile();
    const shared = sharedCommitsOf(db)!;
    // Admitted as SharedCommitKysely admits one, before it asks for the connection: nothing is open yet.
    await shared.admit();
    let held = false;
    const holding = shared.holdWrites(10_000).then(() => (held = true));
    await sleep(50);
    expect(held).toBe(false);
    // It begins, writes and commits (SharedCommitKysely's own transactions are held now: the driver's are used here).
    await sql`insert into shared_things (name) values ('Oak')`.execute(db);
    shared.done();
    await holding;
    expect(committedNames(file)).toEqual(['Oak']);
    shared.releaseWrites();
  });

  it('lets held writes go on by themselves after the longest hold, should nobody release them', async () => {
    const { db, file } = await sqliteFile();
    const shared = sharedCommitsOf(db)!;
    await shared.holdWrites(200);
    const started = Date.now();
    await db.transaction().execute((trx) => insert(trx, 'Oak'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(committedNames(file)).toEqual(['Oak']);
    // Not held any more: the next write goes at once.
    const next = Date.now();
    await db.transaction().execute((trx) => insert(trx, 'Yew'));
    expect(Date.now() - next).toBeLessThan(150);
    expect(committedNames(file)).toEqual(['Oak', 'Yew']);
  });
});

/** Leaves, for the commit of `trx`'s shared transaction, the insert of a row named `name`. */
async function leave(trx: Kysely<Database>, name: string, options: { size?: number; order?: number } = {}) {
  const deferral = commitDeferral(trx);
  if (!deferral) throw new Error('no deferral in this transaction');
  deferral.defer(CompiledQuery.raw('insert into shared_things (name) values (?)', [name]), { name }, options.size ?? name.length, options.order);
}

const named = (name: string) => (note: unknown): note is { name: string } => (note as { name?: string }).name === name;
const anyNote = (note: unknown): note is { name: string } => typeof note === 'object';

describe('statements left for the commit (SQLite)', () => {
  it('runs them after every transaction of the commit, in order, and drops those of a transaction that failed', async () => {
    const { db, file } = await sqliteFile();
    const before = commitCounts(db)!;
    let seenInside: string[] = [];
    let notes: unknown[] = [];
    const results = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await insert(trx, 'Oak');
        await leave(trx, 'Oak, left');
      }),
      db.transaction().execute(async (trx) => {
        await leave(trx, 'Ash, left');
        await insert(trx, 'Ash');
        throw new Error('the form was wrong');
      }),
      db.transaction().execute(async (trx) => {
        await leave(trx, 'Elm, left');
        seenInside = (await sql<{ name: string }>`select name from shared_things order by id`.execute(trx)).rows.map((row) => row.name);
        const deferral = commitDeferral(trx)!;
        notes = [deferral.lastNote(anyNote), deferral.lastNote(named('Oak, left')), deferral.lastNote(named('Ash, left'))];
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Not run yet inside the shared transaction; the failed transaction's is gone.
    expect(seenInside).toEqual(['Oak']);
    expect(notes).toEqual([{ name: 'Elm, left' }, { name: 'Oak, left' }, undefined]);
    expect(committedNames(file)).toEqual(['Oak', 'Oak, left', 'Elm, left']);
    expect(commitCounts(db)!.commits - before.commits).toBe(1);
    // Outside a transaction there is nothing to leave a statement to.
    expect(commitDeferral(db)).toBeUndefined();
  });

  it('runs a statement left once per commit once, however many leave it, and again for the next commit', async () => {
    const { db, file } = await sqliteFile();
    const once = (trx: Kysely<Database>, name: string) =>
      commitDeferral(trx)!.deferOnce('the-once', CompiledQuery.raw('insert into shared_things (name) values (?)', [name]), 1_000);
    const results = await Promise.allSettled([
      // The first to leave it fails: its statement goes with it, and the next to leave one is run instead.
      db.transaction().execute(async (trx) => {
        once(trx, 'Once, by the failed');
        throw new Error('the form was wrong');
      }),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'Oak');
        once(trx, 'Once, by Oak');
      }),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'Ash');
        once(trx, 'Once, by Ash');
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(committedNames(file)).toEqual(['Oak', 'Ash', 'Once, by Oak']);
    await db.transaction().execute(async (trx) => once(trx, 'Once, next commit'));
    expect(committedNames(file)).toEqual(['Oak', 'Ash', 'Once, by Oak', 'Once, next commit']);
  });

  it('fails every transaction of the commit when a statement left for it fails, and keeps none of their rows', async () => {
    const { db, file } = await sqliteFile();
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'Oak')),
      // The same name again: refused by the unique constraint at the commit, after every savepoint was released.
      db.transaction().execute(async (trx) => {
        await insert(trx, 'Yew');
        await leave(trx, 'Oak');
      }),
    ]);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toContain('UNIQUE constraint failed: shared_things.name');
    expect(committedNames(file)).toEqual([]);
    // Nothing of it is left over for the next commit.
    await db.transaction().execute(async (trx) => {
      await insert(trx, 'Ash');
      await leave(trx, 'Elm');
    });
    expect(committedNames(file)).toEqual(['Ash', 'Elm']);
  });

  it('commits the writes so far before another begins, once what they left passes the limit', async () => {
    const { db, file } = await sqliteFile();
    const before = commitCounts(db)!;
    await Promise.all([
      db.transaction().execute((trx) => leave(trx, 'Large', { size: DEFERRED_SIZE_LIMIT + 1 })),
      db.transaction().execute((trx) => leave(trx, 'Small')),
      db.transaction().execute((trx) => leave(trx, 'Smaller')),
    ]);
    expect(commitCounts(db)!.commits - before.commits).toBe(2);
    expect(committedNames(file)).toEqual(['Large', 'Small', 'Smaller']);
  });

  it('runs them by their order, those of one order as they were left, whichever instance of the database left them', async () => {
    const { db, file } = await sqliteFile();
    // An instance made by withPlugin (as the tests' statement watchers are) shares the commits and their deferral.
    const plugged = db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
    const before = commitCounts(db)!;
    await Promise.all([
      db.transaction().execute(async (trx) => {
        await leave(trx, 'B', { order: 2 });
        await leave(trx, 'A1', { order: 1 });
      }),
      plugged.transaction().execute(async (trx) => {
        await leave(trx, 'A2', { order: 1 });
        await leave(trx, 'C', { order: 3 });
      }),
    ]);
    await sql`select 1`.execute(db);
    expect(committedNames(file)).toEqual(['A1', 'A2', 'B', 'C']);
    expect(commitCounts(db)!.deferred - before.deferred).toBe(4);
  });
});

describe('the API on shared commits (SQLite)', () => {
  it('stores every one of many writes sent at once, exactly as sent, and refuses only the bad one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cornerstone-shared-api-'));
    const file = path.join(dir, 'cornerstone.db');
    const db = createDb({ sqlite: file }, { settleLater: true });
    await migrate(db);
    await createUser(db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
    const config = loadConfig({ STATIC_DIR: '/nonexistent/cornerstone-dist', LOGIN_RATE_LIMIT: '0', PUBLIC_FORM_RATE_LIMIT: '0', PUBLIC_FORM_GLOBAL_LIMIT: '0' });
    const app = await buildApp({ config, db, logger: false });
    cleanups.push(async () => {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });
    const api = apiClient(app, await signIn(app));
    const titles = Array.from({ length: 12 }, (_, n) => `Tower ${n + 1}`);
    const before = commitCounts(db)!;
    const answers = await Promise.all([
      ...titles.map((title, n) => api.post('/api/blogs', { title, excerpt: `Floor ${n + 1}`, content: `<p>Storey ${n + 1}</p>`, tags: [`t${n % 3}`] })),
      // No title: refused, in the middle of the others.
      api.post('/api/blogs', { excerpt: 'Untitled', content: '<p>None</p>' }),
    ]);
    const after = commitCounts(db)!;
    expect(answers.map((answer) => answer.statusCode)).toEqual([...titles.map(() => 201), 400]);
    // Fewer commits than writes: the writes shared them.
    expect(after.commits - before.commits).toBeLessThan(after.transactions - before.transactions);
    const stored = new SqliteDatabase(file, { readonly: true });
    try {
      const rows = stored.prepare("select data from records where area = 'blogs' order by id").all() as { data: string }[];
      const data = rows.map((row) => JSON.parse(row.data) as Record<string, unknown>);
      expect(data.map((record) => [record.title, record.excerpt, record.content, record.tags])).toEqual(
        titles.map((title, n) => [title, `Floor ${n + 1}`, `<p>Storey ${n + 1}</p>`, [`t${n % 3}`]]),
      );
    } finally {
      stored.close();
    }
    // Each tag filter finds exactly its records: the side tables were written with their records.
    const tagged = await api.get(`/api/blogs?filter=${encodeURIComponent(JSON.stringify({ tags: 't1' }))}&sort=${encodeURIComponent(JSON.stringify(['id', 'ASC']))}`);
    expect(tagged.json<{ title: string }[]>().map((record) => record.title)).toEqual(['Tower 2', 'Tower 5', 'Tower 8', 'Tower 11']);
  });
});
