// The checkpoint worker on a database it cannot checkpoint (a full disk did it on every 100 ms turn): it says so once
// per kind of failure, backs off, and says when checkpoints work again (database probe).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkpointInBackground } from './checkpoints';
import { createDb } from './index';
import { SqliteDatabase } from './sqlite-driver';

const dir = mkdtempSync(path.join(tmpdir(), 'cornerstone-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reports a failing checkpoint once, not at every turn, and says when one works again', async () => {
  const good = path.join(dir, 'good.db');
  const database = new SqliteDatabase(good);
  database.pragma('journal_mode = WAL');
  database.exec('create table t (x)');
  database.close();
  const file = path.join(dir, 'target.db');
  // Not a database: every checkpoint fails (SQLITE_NOTADB), as every one did on a full disk.
  writeFileSync(file, 'x'.repeat(8192));
  const events: string[] = [];
  const checkpointer = checkpointInBackground(
    file,
    { onError: (message) => events.push(`error: ${message}`), onRecovered: () => events.push('recovered') },
    { everyMs: 10, maxMs: 200 },
  );
  try {
    await sleep(1500);
    // At 10 ms a turn, that was 150 reports.
    expect(events).toEqual(['error: file is not a database']);
    copyFileSync(good, file);
    await sleep(1000);
    expect(events).toEqual(['error: file is not a database', 'recovered']);
  } finally {
    checkpointer.stop();
  }
});

// ---- The full-text index tidied while writes are quiet --------------------------------------------------------------

const FTS = `create virtual table record_search using fts5(area, body, tokenize = "unicode61 remove_diacritics 2 tokenchars '-'", prefix = '1 2 3')`;
/** A tidy that starts soon and steps slowly, on any index however small. */
const QUICK_TIDY = { quietMs: 300, stepPages: 2, pauseMs: 1, ratio: 10, minPages: 0 };

/** A file database with the server's full-text table, merging a level at 16 segments (FTS5's most). */
function searchDatabase(name: string) {
  const file = path.join(dir, name);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.exec(FTS);
  database.exec(`insert into record_search (record_search, rank) values ('automerge', 16)`);
  return { file, database };
}

const segments = (database: SqliteDatabase) =>
  database.prepare('select count(distinct segid) as n from record_search_idx').get() as { n: number };
/** Rows with `word` (`prefix`: a word starting with it). */
const found = (database: SqliteDatabase, word: string, prefix = false) =>
  (database.prepare(`select rowid as id from record_search where record_search match ? order by rowid`).all(`body : "${word}"${prefix ? '*' : ''}`) as { id: number }[]).map((row) => row.id);

/** One transaction (one segment of the index) of `count` rows from `first`, each with a word of its own. */
function writeRows(database: SqliteDatabase, first: number, count: number) {
  const insert = database.prepare(`insert into record_search (rowid, area, body) values (?, 'blogs', ?)`);
  database.transaction(() => {
    for (let id = first; id < first + count; id += 1) insert.run(id, `word${id} shared steel tower ${id % 7 === 0 ? 'seventh' : 'other'}`);
  })();
}

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
  return check();
}

it('merges a scattered full-text index into one segment once writes are quiet, every word found as before', async () => {
  const { file, database } = searchDatabase('scattered.db');
  for (let batch = 0; batch < 12; batch += 1) writeRows(database, batch * 40 + 1, 40);
  database.transaction(() => database.prepare('delete from record_search where rowid in (5, 6, 7, 200)').run())();
  expect(segments(database).n).toBe(13);
  const seventh = found(database, 'seventh');
  const events: string[] = [];
  const checkpointer = checkpointInBackground(
    file,
    { onError: (message) => events.push(`error: ${message}`), onRecovered: () => {}, onTidyError: (message) => events.push(`tidy: ${message}`), onTidied: () => events.push('tidied') },
    { everyMs: 20, tidy: QUICK_TIDY },
  );
  try {
    expect(await until(() => events.includes('tidied'), 10_000)).toBe(true);
    expect(events).toEqual(['tidied']);
    expect(segments(database).n).toBe(1);
    expect(found(database, 'word5')).toEqual([]);
    expect(found(database, 'word200')).toEqual([]);
    expect(found(database, 'word201')).toEqual([201]);
    expect(found(database, 'word480')).toEqual([480]);
    expect(found(database, 'seventh')).toEqual(seventh);
    expect(found(database, 'shared').length).toBe(480 - 4);
    expect(found(database, 'st', true)).toEqual(found(database, 'shared'));
    expect(found(database, 'word2', true).length).toBe(1 + 10 + 100 - 1);
    database.exec(`insert into record_search (record_search) values ('integrity-check')`);
  } finally {
    checkpointer.stop();
    database.close();
  }
});

it('merges nothing while another connection goes on writing, nor an index whose new segments are small beside it', async () => {
  const { file, database } = searchDatabase('busy.db');
  for (let batch = 0; batch < 40; batch += 1) writeRows(database, batch * 50 + 1, 50);
  const events: string[] = [];
  const checkpointer = checkpointInBackground(
    file,
    { onError: (message) => events.push(`error: ${message}`), onRecovered: () => {}, onTidied: () => events.push('tidied') },
    { everyMs: 20, tidy: QUICK_TIDY },
  );
  try {
    // A commit every 100 ms, for 1.5 s: never quiet for 300 ms.
    let next = 2001;
    for (let write = 0; write < 15; write += 1) {
      writeRows(database, next, 1);
      next += 1;
      await sleep(100);
    }
    // FTS5's own merges only (16 segments on a level): the worker's would leave one.
    expect(events).toEqual([]);
    expect(segments(database).n).toBeGreaterThan(1);
    expect(await until(() => events.includes('tidied'), 10_000)).toBe(true);
    expect(segments(database).n).toBe(1);
    const pages = (database.prepare('select count(*) as n from record_search_data').get() as { n: number }).n;
    // One row more makes a segment of one page: a tenth of the index is more than that.
    expect(pages).toBeGreaterThan(20);
    writeRows(database, next, 1);
    const shape = database.prepare('select block from record_search_data where id = 10').pluck();
    const before = shape.get() as Buffer;
    await sleep(1_000);
    expect(Buffer.compare(shape.get() as Buffer, before)).toBe(0);
    expect(segments(database).n).toBe(2);
    expect(events).toEqual(['tidied']);
    expect(found(database, `word${next}`)).toEqual([next]);
  } finally {
    checkpointer.stop();
    database.close();
  }
});

it("lets the server's write transactions through while it merges: each waits for a step, none fails", async () => {
  const { file, database } = searchDatabase('writes.db');
  database.exec('create table notes (id integer primary key, seen integer not null)');
  for (let batch = 0; batch < 15; batch += 1) writeRows(database, batch * 100 + 1, 100);
  database.close();
  const db = createDb({ sqlite: file });
  const events: string[] = [];
  // Never waiting for quiet, merging any second segment, a page a step: with each transaction's words a segment of
  // their own, the worker commits all along.
  const checkpointer = checkpointInBackground(
    file,
    { onError: (message) => events.push(`error: ${message}`), onRecovered: () => {}, onTidyError: (message) => events.push(`tidy: ${message}`), onTidied: () => events.push('tidied') },
    { everyMs: 1, tidy: { ...QUICK_TIDY, quietMs: 0, stepPages: 1, pauseMs: 0, ratio: 1e9 } },
  );
  try {
    expect(await until(() => events.includes('tidied'), 5_000)).toBe(true);
    // Each reads, lets the worker run, then writes, one after the other (each its own commit and segment): with a plain
    // BEGIN, a merge step committed in between failed the write with SQLITE_BUSY_SNAPSHOT.
    const outcomes: PromiseSettledResult<void>[] = [];
    for (let index = 0; index < 60; index += 1) {
      const [outcome] = await Promise.allSettled([
        db.transaction().execute(async (trx) => {
          const { n } = (await sql<{ n: number }>`select count(*) as n from notes`.execute(trx)).rows[0]!;
          await sleep(3);
          await sql`insert into notes (id, seen) values (${index + 1}, ${n})`.execute(trx);
          await sql`insert into record_search (rowid, area, body) values (${10_000 + index}, 'blogs', ${`note${index} written`})`.execute(trx);
        }),
      ]);
      outcomes.push(outcome!);
      await sleep(2);
    }
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const { n } = (await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!;
    expect(n).toBe(60);
    expect(events.filter((event) => event !== 'tidied')).toEqual([]);
  } finally {
    checkpointer.stop();
    await db.destroy();
  }
});

it('carries a merge that writes cut short on at the next quiet spell, leaving FTS5\'s settings as they are', async () => {
  const { file, database } = searchDatabase('interrupted.db');
  for (let batch = 0; batch < 14; batch += 1) writeRows(database, batch * 60 + 1, 60);
  const settings = database.prepare(`select k, v from record_search_config where k in ('automerge', 'usermerge') order by k`);
  const before = settings.all();
  const scattered = segments(database).n;
  const events: string[] = [];
  // A page a step, 40 ms apart: long enough to be cut short by a write.
  const checkpointer = checkpointInBackground(
    file,
    { onError: (message) => events.push(`error: ${message}`), onRecovered: () => {}, onTidyError: (message) => events.push(`tidy: ${message}`), onTidied: () => events.push('tidied') },
    { everyMs: 10, tidy: { ...QUICK_TIDY, stepPages: 1, pauseMs: 40 } },
  );
  try {
    // Under way: FTS5 counts the segments being merged among the index's until the merge is done.
    const shape = database.prepare('select block from record_search_data where id = 10').pluck();
    const first = shape.get() as Buffer;
    expect(await until(() => Buffer.compare(shape.get() as Buffer, first) !== 0, 5_000)).toBe(true);
    // Writes cut it short, one every 60 ms: no tidy while they go on.
    let next = 2_000;
    for (let write = 0; write < 6; write += 1) {
      writeRows(database, next++, 1);
      await sleep(60);
    }
    expect(events).toEqual([]);
    expect(segments(database).n).toBeGreaterThan(1);
    // Quiet again: the merge is carried on to its end.
    expect(await until(() => events.includes('tidied'), 15_000)).toBe(true);
    expect(events).toEqual(['tidied']);
    expect(scattered).toBeGreaterThan(10);
    expect(segments(database).n).toBe(1);
    expect(settings.all()).toEqual(before);
    expect(found(database, 'word2005')).toEqual([2005]);
    expect(found(database, `word${next - 1}`)).toEqual([next - 1]);
    expect(found(database, 'shared').length).toBe(14 * 60 + next - 2_000);
    database.exec(`insert into record_search (record_search) values ('integrity-check')`);
  } finally {
    checkpointer.stop();
    database.close();
  }
});

// ---- The log started again under writes that never pause ------------------------------------------------------------

/** How many times the write-ahead log has started again from its beginning (the checkpoint sequence of its header). */
function logRestarts(file: string): number {
  const header = readFileSync(`${file}-wal`).subarray(0, 32);
  return header.length < 32 ? 0 : header.readUInt32BE(12);
}

/** Forty writers, each beginning its next write transaction as soon as its last is answered, `count` in all. */
async function writeWithoutPause(db: ReturnType<typeof createDb>, count: number) {
  let written = 0;
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: 40 }, async () => {
      while (written < count) {
        const id = (written += 1);
        try {
          await db.transaction().execute((trx) => sql`insert into notes (id, body) values (${id}, ${`note ${id} `.repeat(60)})`.execute(trx));
        } catch (error) {
          failures.push(error);
        }
      }
    }),
  );
  return failures;
}

it("starts the log again under writes that never pause, the server's writes held back while it copies the rest, none lost", async () => {
  for (const [name, holdLogPages] of [['never.db', 0], ['held.db', 64]] as const) {
    const file = path.join(dir, name);
    const setup = new SqliteDatabase(file);
    setup.pragma('journal_mode = WAL');
    setup.exec('create table notes (id integer primary key, body text not null)');
    setup.close();
    // The server's settings: commits shared, made durable off the event loop, checkpoints on the worker.
    const db = createDb({ sqlite: file }, { settleLater: true, holdLogPages });
    try {
      // The first write starts the log; what follows is measured from there.
      await db.transaction().execute((trx) => sql`insert into notes (id, body) values (0, 'first')`.execute(trx));
      const before = logRestarts(file);
      // About 30 MB: half the backstop's 16,384 pages.
      const written = 40_000;
      const failures = await writeWithoutPause(db, written);
      expect(failures).toEqual([]);
      const restarts = logRestarts(file) - before;
      const walBytes = statSync(`${file}-wal`).size;
      // Without holds, a checkpoint seldom finds the log's end with no write transaction open: on a quiet machine the
      // log only grows (this writes about 9,600 pages, below the backstop's 16,384), its file with it (39.5 MB, no
      // restart, measured). Not asserted: on a loaded one the writers leave gaps now and then (CI on Node 24 beside
      // the PostgreSQL suite saw 2 restarts), which proves nothing either way. With holds, the log starts again.
      if (holdLogPages > 0) {
        expect(restarts).toBeGreaterThanOrEqual(2);
        expect(walBytes).toBeLessThan(20 * 1024 * 1024);
      }
      const { n } = (await sql<{ n: number }>`select count(*) as n from notes where id > 0`.execute(db)).rows[0]!;
      expect(n).toBe(written);
      const sample = (await sql<{ body: string }>`select body from notes where id = ${written}`.execute(db)).rows[0]!;
      expect(sample.body).toBe(`note ${written} `.repeat(60));
    } finally {
      await db.destroy();
    }
  }
});

// Linux lists a process's descriptors in /proc/self/fd (CI's machines are Linux).
it.runIf(process.platform === 'linux')('leaves no descriptor of the database open once the server has closed it', async () => {
  const file = path.join(realpathSync(dir), 'descriptors.db');
  // The process's descriptors of this file (others of the process, other tests' among them, are not counted).
  const openOnFile = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    }).length;
  const opened: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const db = createDb({ sqlite: file }, { settleLater: true });
    await db.transaction().execute((trx) => sql`create table if not exists notes (id integer primary key)`.execute(trx));
    opened.push(openOnFile());
    await db.destroy();
  }
  // Open while it ran: the server's connection and the descriptor the worker syncs through (the worker's own
  // connection too, once it has started).
  expect(Math.min(...opened)).toBeGreaterThanOrEqual(2);
  // The worker ends (and its descriptor is closed) shortly after the database closes.
  expect(await until(() => openOnFile() === 0, 5_000)).toBe(true);
});
