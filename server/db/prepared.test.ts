import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/helpers/db';
import { plannedPool } from './planned';
import { prepared } from './prepared';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

// The statements every read and write runs are built once and run with each call's values (issue #10): these
// check that each call's values, and only they, reach the database, in their places.
describe('prepared statements', () => {
  const insertAudit = prepared((db, row: { at: string; action: string; area: string | null; record_id: number | null; email: string | null }) =>
    db
      .insertInto('audit_log')
      .values({ at: row.at, user_id: null, user_name: 'Prepared', action: row.action, area: row.area, record_id: row.record_id, email: row.email })
      .returning(['id', 'at', 'action', 'area', 'record_id', 'email', 'user_name']),
  );
  // A constant of the statement (the limit) stays a parameter of its own, between the call's values.
  const byAction = prepared((db, { action, after }: { action: string; after: number }, key) =>
    db
      .selectFrom('audit_log')
      .select(['id', 'area', 'record_id', 'email'])
      .where('action', '=', action)
      .where('id', '>', after)
      .where('user_name', '=', key)
      .orderBy('id')
      .limit(2),
  );

  it('writes and reads each call’s own values, many calls at once', async () => {
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        // The values in another order than the statement reads them: each goes by its name.
        insertAudit(testDb.db, {
          email: `e${n}@example.test`,
          record_id: n % 3 === 0 ? null : n * 7,
          area: n % 2 === 0 ? `area-${n}` : null,
          action: 'update',
          at: `2026-11-27T10:00:${String(n).padStart(2, '0')}.000Z`,
        }).then((result) => result.rows[0]),
      ),
    );
    expect(rows.map((row) => [row?.at, row?.area, row?.record_id === null ? null : Number(row?.record_id), row?.email])).toEqual(
      Array.from({ length: 20 }, (_, n) => [
        `2026-11-27T10:00:${String(n).padStart(2, '0')}.000Z`,
        n % 2 === 0 ? `area-${n}` : null,
        n % 3 === 0 ? null : n * 7,
        `e${n}@example.test`,
      ]),
    );
    // PostgreSQL numbers the rows in the order its connections wrote them: the page is checked against the ids.
    const byId = [...rows].sort((a, b) => Number(a?.id) - Number(b?.id));
    const after = Number(byId[4]?.id);
    const page = await byAction(testDb.db, { action: 'update', after }, 'Prepared');
    expect(page.rows.map((row) => [Number(row.id), row.area, row.email])).toEqual(byId.slice(5, 7).map((row) => [Number(row?.id), row?.area, row?.email]));
    expect(page.rows).toHaveLength(2);
    // The key is part of the statement's text: another key, another statement; a statement built per key needs one.
    expect((await byAction(testDb.db, { action: 'update', after: 0 }, 'Nobody')).rows).toEqual([]);
    await expect(byAction(testDb.db, { after: 0, action: 'update' })).rejects.toThrow('This prepared statement is built per key (an area, a field): give it one');
  });

  it('is built once, and each time on a database with plugins (which change statements as they compile)', async () => {
    let builds = 0;
    const count = prepared((db, { action }: { action: string }) => {
      builds += 1;
      return db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', action);
    });
    for (const action of ['update', 'delete', 'update']) await count(testDb.db, { action });
    expect(builds).toBe(1);
    const seen: string[] = [];
    const watched = testDb.db.withPlugin({
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const { rows } = await count(watched, { action: 'update' });
    expect(Number(rows[0]?.n)).toBe(20);
    expect([builds, seen]).toEqual([2, ['SelectQueryNode']]);
  });

  it('runs inside a transaction, which sees its own writes and loses them when rolled back', async () => {
    const at = '2026-11-27T11:00:00.000Z';
    await expect(
      testDb.db.transaction().execute(async (trx) => {
        await insertAudit(trx, { at, action: 'delete', area: 'rolled-back', record_id: 1, email: null });
        const seen = await trx.selectFrom('audit_log').select('area').where('at', '=', at).execute();
        expect(seen).toEqual([{ area: 'rolled-back' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await testDb.db.selectFrom('audit_log').select('area').where('at', '=', at).execute()).toEqual([]);
  });

  it('refuses a value that would shape the statement instead of being one of its parameters', async () => {
    // Written into the text (here by a template string), the value would be the first call's for every call.
    const inlined = prepared((db, { area }: { area: string }) => db.selectFrom('audit_log').select('id').where(sql.raw<boolean>(`area = '${area}'`)));
    await expect(inlined(testDb.db, { area: 'x' })).rejects.toThrow('The value "area" is not a parameter of: select "id" from "audit_log" where area = \'[object Object]\'');
    const whole = prepared((db, row: { at: string; action: string }) => db.insertInto('audit_log').values(row));
    await expect(whole(testDb.db, { at: 'x', action: 'create' })).rejects.toThrow('A prepared statement reads its values one by one');
  });

  it('refuses a missing value, a list or an object when run, and writes nothing', async () => {
    const at = '2026-11-27T12:00:00.000Z';
    const run = (email: unknown) => insertAudit(testDb.db, { at, action: 'create', area: null, record_id: null, email: email as string });
    await expect(run(undefined)).rejects.toThrow('The value "email" of a prepared statement must be a scalar or null, not undefined');
    await expect(run(['a', 'b'])).rejects.toThrow('must be a scalar or null, not a list');
    await expect(run({ toString: () => 'a' })).rejects.toThrow('must be a scalar or null, not object');
    expect(await testDb.db.selectFrom('audit_log').select('id').where('at', '=', at).execute()).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs on PostgreSQL under a name, planned once for every call (outside a transaction)', async () => {
    // A database of its own: its pool for statements built once has a single connection, the one asked about.
    const own = await createTestDb();
    try {
      for (const [n, action] of ['create', 'update', 'update', 'delete', 'update'].entries()) {
        await insertAudit(own.db, { at: `2026-11-29T10:00:0${n}.000Z`, action, area: 'planned', record_id: n, email: null });
      }
      const ids = async (action: string) => (await byAction(own.db, { action, after: 0 }, 'Prepared')).rows.map((row) => Number(row.record_id));
      expect([await ids('update'), await ids('create'), await ids('delete'), await ids('update'), await ids('none')]).toEqual([[1, 2], [0], [3], [1, 2], []]);
      const client = await plannedPool(own.db)!.connect();
      try {
        const { rows } = await client.query<{ statement: string; generic_plans: string; custom_plans: string }>(
          "select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%audit_log%' order by statement",
        );
        expect(rows.map((row) => [row.statement.slice(0, 18), Number(row.generic_plans), Number(row.custom_plans)])).toEqual([
          ['insert into "audit', 5, 0],
          ['select "id", "area', 5, 0],
        ]);
      } finally {
        client.release();
      }
    } finally {
      await own.destroy();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs on PostgreSQL after a table it reads changed its columns under a kept statement', async () => {
    // A newer server's migration during a rolling deploy: the connection that kept the statement is closed, and the
    // statement answers with the table as it is now.
    const own = await createTestDb();
    try {
      const byId = prepared((db, { id }: { id: number }) => db.selectFrom('audit_log').selectAll().where('id', '=', id));
      const [row] = (await insertAudit(own.db, { at: '2026-11-29T11:00:00.000Z', action: 'create', area: 'planned', record_id: 7, email: null })).rows;
      const id = Number(row!.id);
      expect((await byId(own.db, { id })).rows.map((found) => [Number(found.id), found.area])).toEqual([[id, 'planned']]);
      await sql`alter table audit_log add column note text not null default 'added'`.execute(own.db);
      expect((await byId(own.db, { id })).rows.map((found) => [Number(found.id), found.area, (found as { note?: string }).note])).toEqual([[id, 'planned', 'added']]);
      expect((await byId(own.db, { id })).rows).toHaveLength(1);
    } finally {
      await own.destroy();
    }
  });
});
