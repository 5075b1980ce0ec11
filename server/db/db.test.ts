import { NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/helpers/db';
import { PNG } from '../../tests/helpers/files';
import { createToken, findSession } from '../repositories/tokens';
import { insertUpload } from '../repositories/uploads';
import { createUser, findUserByEmail } from '../repositories/users';
import { dialectOf, unplannedLimit } from './dialect';
import { migrate, migratorFor } from './index';
import { SEARCH_AUTOMERGE } from './migrations/0013-search-merging';
import { LZ4_COLUMNS, lz4Available } from './migrations/0014-document-compression';
import { SEARCH_MERGE_SEGMENTS } from './migrations/0015-search-merging-in-commits';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

describe('database', () => {
  it('migrates idempotently', async () => {
    expect(await migrate(testDb.db)).toEqual([]);
  });

  it('stores emails lowercased and keeps them unique', async () => {
    await createUser(testDb.db, { name: 'A', email: 'Mixed@Case.test', passwordHash: 'x' });
    expect((await findUserByEmail(testDb.db, 'MIXED@case.TEST'))?.email).toBe('mixed@case.test');
    await expect(createUser(testDb.db, { name: 'B', email: 'mixed@case.test', passwordHash: 'y' })).rejects.toThrow();
  });

  it('defaults users to active and stores timestamps as ISO text', async () => {
    const user = await createUser(testDb.db, { name: 'C', email: 'c@case.test', passwordHash: 'x' }, new Date('2024-05-01T10:00:00.000Z'));
    expect(user).toMatchObject({ active: true, createdAt: '2024-05-01T10:00:00.000Z', updatedAt: '2024-05-01T10:00:00.000Z' });
  });

  it('deletes a user’s tokens with the user', async () => {
    const user = await createUser(testDb.db, { name: 'D', email: 'd@case.test', passwordHash: 'x' });
    await createToken(testDb.db, { userId: user.id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 60_000) });
    expect(await findSession(testDb.db, 'f'.repeat(64))).toMatchObject({ user: { id: user.id } });

    await testDb.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await testDb.db.selectFrom('tokens').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('refuses a token for a user that does not exist', async () => {
    await expect(
      createToken(testDb.db, { userId: 999_999, tokenHash: 'e'.repeat(64), expiresAt: new Date() }),
    ).rejects.toThrow();
  });

  // SQLite keeps its prepared statements for reuse (server/db/index.ts): the same text must still read the table as
  // it is now, after a column is added or the table is made anew.
  it('reads a table as it is now when the same query runs again after its shape changed', async () => {
    const db = testDb.db;
    await sql`create table reshaped (a integer)`.execute(db);
    await sql`insert into reshaped (a) values (1)`.execute(db);
    expect((await sql`select * from reshaped`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table reshaped add column b text default 'x'`.execute(db);
    expect((await sql`select * from reshaped`.execute(db)).rows).toEqual([{ a: 1, b: 'x' }]);
    await sql`drop table reshaped`.execute(db);
    await sql`create table reshaped (c integer)`.execute(db);
    await sql`insert into reshaped (c) values (5)`.execute(db);
    expect((await sql`select * from reshaped`.execute(db)).rows).toEqual([{ c: 5 }]);
    await sql`drop table reshaped`.execute(db);
  });

  // Kysely streams from PostgreSQL only through pg-cursor, which the API does not use.
  it.skipIf(process.env.TEST_DATABASE_URL)('streams a query while the same query runs again', async () => {
    const db = testDb.db;
    await sql`create table streamed (n integer)`.execute(db);
    await sql`insert into streamed (n) values (1), (2), (3)`.execute(db);
    const seen: number[] = [];
    for await (const row of db.selectFrom('streamed' as never).select(sql<number>`n`.as('n')).orderBy(sql`n`).stream()) {
      seen.push((row as { n: number }).n);
    }
    expect(seen).toEqual([1, 2, 3]);
    const again = await db.selectFrom('streamed' as never).select(sql<number>`n`.as('n')).orderBy(sql`n`).execute();
    expect(again).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await sql`drop table streamed`.execute(db);
  });
  // SQLite compiles a statement again at every run when it planned by a bound LIMIT's value (server/db/index.ts,
  // UnplannedLimitCompiler): limits and offsets are written as expressions it does not plan by, and still page exactly.
  it('pages exactly by a limit and an offset given as parameters, which SQLite does not plan by', async () => {
    const db = testDb.db;
    await sql`create table paged (n integer primary key)`.execute(db);
    await sql`insert into paged (n) values (1), (2), (3), (4), (5), (6), (7)`.execute(db);
    const page = (limit: number, offset: number) => db.selectFrom('paged' as never).select('n' as never).orderBy('n' as never).limit(limit).offset(offset);
    for (const [limit, offset, expected] of [[3, 0, [1, 2, 3]], [3, 5, [6, 7]], [2, 6, [7]], [4, 7, []], [1, 1, [2]]] as const) {
      expect((await page(limit, offset).execute()).map((row) => (row as { n: number }).n)).toEqual(expected);
      expect((await sql<{ n: number }>`select n from paged order by n limit ${unplannedLimit(limit)} offset ${offset}`.execute(db)).rows.map((row) => row.n)).toEqual(expected);
    }
    if (dialectOf(db) === 'sqlite') expect(page(3, 1).compile().sql).toMatch(/ limit \? \+ 0 offset \? \+ 0$/);
    await sql`drop table paged`.execute(db);
  });

  // Migration 0014: PostgreSQL compresses the documents with lz4 where it was built with it; a document reads back
  // exactly as it was stored either way, and the migration comes back on its way down.
  it('stores a large document and reads it back unchanged, compressed with lz4 on a PostgreSQL that has it', async () => {
    const db = testDb.db;
    const paragraph = 'Façade, Zürich, résumé, crème brûlée, 東京, emoji 🏗️, "quotes" and a back\\slash. ';
    const document = { title: 'Large', content: `<p>${paragraph.repeat(200)}</p>`, tags: ['a', 'é'], nested: { n: 1.5, flag: true, none: null } };
    const now = new Date().toISOString();
    const postgres = dialectOf(db) === 'postgres';
    const stored = JSON.stringify(document);
    const { id } = await db
      .insertInto('records')
      .values({ area: 'compression', data: postgres ? sql`${stored}::jsonb` : stored, position: null, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const readBack = await sql<{ data: unknown }>`select data from records where id = ${id}`.execute(db);
    const data = readBack.rows[0]!.data;
    expect(typeof data === 'string' ? JSON.parse(data) : data).toEqual(document);
    const version = postgres ? Number((await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(db)).rows[0]!.v) : 0;
    // PostgreSQL 14 brought per-column compression (and lz4); on 13 the migration leaves everything as it was.
    if (version >= 140000) {
      const compressions = async () =>
        (
          await sql<{ name: string; compression: string }>`
            select attrelid::regclass::text || '.' || attname as name, attcompression as compression from pg_attribute
            where attrelid in ('records'::regclass, 'revisions'::regclass) and attname = 'data' order by 1`.execute(db)
        ).rows.map((row) => `${row.name}: ${row.compression || 'default'}`);
      const lz4 = await lz4Available(db);
      const kind = lz4 ? 'l' : 'default';
      expect(await compressions()).toEqual(LZ4_COLUMNS.map(([table, column]) => `${table}.${column}: ${kind}`));
      const used = await sql<{ method: string | null }>`select pg_column_compression(data) as method from records where id = ${id}`.execute(db);
      expect(used.rows[0]!.method).toBe(lz4 ? 'lz4' : 'pglz');
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0013_search_merging')).error).toBeUndefined();
      expect(await compressions()).toEqual(LZ4_COLUMNS.map(([table, column]) => `${table}.${column}: default`));
      expect(await migrate(db)).toEqual(['0014_document_compression', '0015_search_merging_in_commits', '0016_upload_dimensions', '0017_image_metadata']);
      expect(await compressions()).toEqual(LZ4_COLUMNS.map(([table, column]) => `${table}.${column}: ${kind}`));
    }
    await sql`delete from records where id = ${id}`.execute(db);
  });

  // SQLite's migrations ran without a transaction: a start stopped inside 0016 (its column added, nothing recorded) failed
  // every later start with "duplicate column name: width" (a review). A migration that fails midway, as a start stopped
  // there would, now leaves the tables as they were, and the next start runs it whole.
  it('leaves the tables as they were when a migration fails midway, and the next start runs it whole', async () => {
    const own = await createTestDb();
    try {
      const db = own.db;
      const id = 'f'.repeat(32);
      await insertUpload(db, { id, filename: 'site.png', mime: 'image/png', size: PNG.length, kind: 'image', data: PNG, sha256: 'x', createdBy: null, width: null, height: null });
      expect((await (await migratorFor(db)).migrateTo('0015_search_merging_in_commits')).error).toBeUndefined();
      // 0016 adds its columns, then fills them: the storage refuses the filling.
      if (dialectOf(db) === 'postgres') {
        await sql`create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'power cut'; end $$`.execute(db);
        await sql`create trigger refuse_update before update on uploads for each row execute function refuse_update()`.execute(db);
      } else {
        await sql`create trigger refuse_update before update on uploads begin select raise(abort, 'power cut'); end`.execute(db);
      }
      await expect(migrate(db)).rejects.toThrow(/power cut/);
      const columns = async () =>
        dialectOf(db) === 'postgres'
          ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'uploads'`.execute(db)).rows.map((row) => row.name)
          : (await sql<{ name: string }>`select name from pragma_table_info('uploads')`.execute(db)).rows.map((row) => row.name);
      expect(await columns()).not.toContain('width');
      await sql`drop trigger refuse_update ${sql.raw(dialectOf(db) === 'postgres' ? 'on uploads' : '')}`.execute(db);

      expect(await migrate(db)).toEqual(['0016_upload_dimensions', '0017_image_metadata']);
      expect(await columns()).toEqual(expect.arrayContaining(['width', 'height']));
      expect(await db.selectFrom('uploads').select(['width', 'height']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ width: 1, height: 1 });
    } finally {
      await own.destroy();
    }
  });

  // A start upgrading 300 images said nothing for 11-22 s (an outside probe): the changes to come are said first, for an
  // existing database only; a new one takes a moment.
  it('tells the changes about to be made to an existing database, and nothing for a new or an up-to-date one', async () => {
    const heard: string[][] = [];
    const onUpgrade = (pending: string[]) => heard.push(pending);
    const fresh = await createTestDb();
    try {
      // createTestDb migrated it already: up to date.
      expect(await migrate(fresh.db, { onUpgrade })).toEqual([]);
      expect((await (await migratorFor(fresh.db)).migrateTo('0015_search_merging_in_commits')).error).toBeUndefined();
      expect(await migrate(fresh.db, { onUpgrade })).toEqual(['0016_upload_dimensions', '0017_image_metadata']);
      expect(heard).toEqual([['0016_upload_dimensions', '0017_image_metadata']]);
      expect((await (await migratorFor(fresh.db)).migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
      expect((await migrate(fresh.db, { onUpgrade })).length).toBeGreaterThan(10);
      expect(heard.length).toBe(1);
    } finally {
      await fresh.destroy();
    }
  });

  // SQLite's full-text index: FTS5 merges nothing at writes by itself (migration 0015), the server's commits merge a step
  // (tests/api/search.test.ts); a level worth merging has 8 segments. Writes made outside the server's commits, as each
  // transaction below (a segment of its own), are merged by FTS5's crisis merge at 16 segments a level, and every word
  // is still found exactly across those merges. Migration 0015 taken back, FTS5 merges at writes again (0013's 8).
  it.runIf(!process.env.TEST_DATABASE_URL)('keeps the full-text index whole across its merges, with the settings of migration 0015', async () => {
    const db = testDb.db;
    const settings = async () => (await sql<{ k: string; v: number }>`select k, v from record_search_config where k in ('automerge', 'usermerge') order by k`.execute(db)).rows;
    expect(await settings()).toEqual([
      { k: 'automerge', v: 0 },
      { k: 'usermerge', v: SEARCH_MERGE_SEGMENTS },
    ]);
    expect(SEARCH_MERGE_SEGMENTS).toBe(8);
    const migrator = await migratorFor(db);
    expect((await migrator.migrateTo('0014_document_compression')).error).toBeUndefined();
    expect(await settings()).toEqual([
      { k: 'automerge', v: SEARCH_AUTOMERGE },
      { k: 'usermerge', v: 4 },
    ]);
    expect(await migrate(db)).toEqual(['0015_search_merging_in_commits', '0016_upload_dimensions', '0017_image_metadata']);
    expect(await settings()).toEqual([
      { k: 'automerge', v: 0 },
      { k: 'usermerge', v: SEARCH_MERGE_SEGMENTS },
    ]);
    const first = 900_001;
    for (let n = 0; n < 120; n++) {
      await db.transaction().execute(async (trx) => {
        await sql`insert into record_search (rowid, area, body) values (${first + n}, 'merging', ${`word${n % 7} every ${n % 2 === 0 ? 'even' : 'odd'}`})`.execute(trx);
        if (n % 10 === 9) await sql`delete from record_search where rowid = ${first + n - 5}`.execute(trx);
      });
    }
    const found = async (query: string) =>
      (await sql<{ id: number }>`select rowid as id from record_search where record_search match ${query} order by rowid`.execute(db)).rows.map((row) => row.id - first);
    const kept = Array.from({ length: 120 }, (_, n) => n).filter((n) => n % 10 !== 4);
    expect(await found('area : "merging" AND body : ("every"*)')).toEqual(kept);
    expect(await found('area : "merging" AND body : ("word3"*)')).toEqual(kept.filter((n) => n % 7 === 3));
    expect(await found('area : "merging" AND body : ("odd"* AND "word1"*)')).toEqual(kept.filter((n) => n % 2 === 1 && n % 7 === 1));
    await sql`insert into record_search (record_search) values ('integrity-check')`.execute(db);
    await sql`delete from record_search where area = 'merging'`.execute(db);
  });
});
