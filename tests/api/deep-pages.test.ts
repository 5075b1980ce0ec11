// Issue #10: on SQLite a page deep in a list (past 500 records) is read in steps (server/repositories/records.ts,
// OFFSET_STEP), so that no statement walks the whole offset on the event loop. The pages must be the very records a
// single walk would give: compared here, at the step's edges, with the export's order of every id (one statement).
// SQLite and PostgreSQL (which lays the walk's stepping stones in one statement).
import { CompiledQuery, createQueryId, sql, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { encodeCursor, parseListQuery } from '../../server/areas/list-query';
import { buildAreaModels } from '../../server/areas/model';
import { dialectOf } from '../../server/db/dialect';
import { listAllIds, listRecords } from '../../server/repositories/records';
import { watchingStatements } from '../helpers/db';
import { apiClient, listParams, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

let t: TestApp;
let api: ApiClient;
const COUNT = 4600;
const blogs = buildAreaModels(areas).find((model) => model.name === 'blogs')!;

beforeAll(async () => {
  t = await setupApp();
  api = apiClient(t.app, await signIn(t.app));
  const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + (i % 997) * 86_400_000).toISOString();
  const rows = Array.from({ length: COUNT }, (_, index) => {
    const i = index + 1;
    // Titles repeat (ties broken by id), a tenth of the posts has no date (empty values come last either way).
    const data = { title: `Post ${i % 1500}`, slug: `post-${i}`, excerpt: '', content: '<p>x</p>', tags: [], status: i % 3 ? 'published' : 'draft', published_at: i % 10 === 0 ? null : day(i), author: null, cover_image: null };
    return { area: 'blogs', data: JSON.stringify(data), position: null, created_at: day(i), updated_at: day(i) };
  });
  for (let start = 0; start < rows.length; start += 500) await t.db.insertInto('records').values(rows.slice(start, start + 500)).execute();
});

afterAll(async () => {
  await sql`delete from records where area = 'blogs'`.execute(t.db);
  await t.close();
});

async function everyId(sort: [string, string], filter: Record<string, unknown> = {}): Promise<number[]> {
  const query = parseListQuery(blogs, { sort: JSON.stringify(sort), filter: JSON.stringify(filter) });
  return listAllIds(t.db, 'blogs', query.filters, query.sort);
}

/** The ids of the 25 posts from `start` in this order, read through `db` (a Kysely watching its statements). */
async function pageIds(db: typeof t.db, sort: [string, string], start: number): Promise<number[]> {
  const query = parseListQuery(blogs, { sort: JSON.stringify(sort), range: JSON.stringify([start, start + 24]) });
  return (await listRecords(db, 'blogs', query)).records.map((record) => record.id);
}

describe('deep pages', () => {
  const cases: Array<{ sort: [string, string]; filter?: Record<string, unknown> }> = [
    { sort: ['published_at', 'DESC'] },
    { sort: ['published_at', 'ASC'] },
    { sort: ['title', 'ASC'] },
    { sort: ['id', 'DESC'] },
    // A field that is never empty (no nulls last in its order), descending: the inboxes' and banners' default.
    { sort: ['created_at', 'DESC'] },
    { sort: ['published_at', 'DESC'], filter: { status: 'published' } },
  ];
  for (const { sort, filter = {} } of cases) {
    it(`are the records a single walk gives: sort ${sort.join(' ')}${Object.keys(filter).length ? ', filtered' : ''}`, async () => {
      const all = await everyId(sort, filter);
      expect(all.length).toBe(filter.status ? COUNT - Math.floor(COUNT / 3) : COUNT);
      // From 4,130 on, around where the posts without a date start when sorted by it (4,140): the page past a stone
      // with a value and a skip that ends among the empty values, or past them; then past a stone among them (4,200).
      for (const start of [0, 24, 25, 26, 313, 499, 500, 501, 1999, 2000, 2001, 2013, 3999, 4001, 4130, 4139, 4140, 4150, 4250, 4210, all.length - 7, all.length, all.length + 30]) {
        const response = await api.get(`/api/blogs${listParams({ sort, filter, range: [start, start + 24] })}`);
        expect(response.statusCode, response.body).toBe(200);
        const ids = response.json<{ id: number }[]>().map((record) => record.id);
        expect(ids, `page at ${start}`).toEqual(all.slice(start, start + 25));
        // Counted in steps too (countMatches), past the first 500.
        expect(String(response.headers['content-range']).split('/')[1]).toBe(String(all.length));
      }
    });
  }

  it("the website counts what it shows off the area's website index, and its deep pages are a single walk's", async () => {
    // Every date is in the past: the website shows the published posts, newest first (the default sort).
    const shown = await everyId(['published_at', 'DESC'], { status: 'published' });
    expect(shown).toHaveLength(COUNT - Math.floor(COUNT / 3));
    for (const page of [1, 10, 11, 41, Math.ceil(shown.length / 50)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/public/blogs?page=${page}&per_page=50` });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: { id: number }[]; total: number; total_exact: boolean }>();
      expect(body.data.map((post) => post.id), `page ${page}`).toEqual(shown.slice((page - 1) * 50, page * 50));
      expect(body.total).toBe(shown.length);
      expect(body.total_exact).toBe(true);
    }
    const indexes =
      dialectOf(t.db) === 'postgres'
        ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'records' and schemaname = current_schema()`.execute(t.db)).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'records'`.execute(t.db)).rows;
    expect(indexes.map((row) => row.name).filter((name) => name.startsWith('records_blogs_website_'))).toHaveLength(1);
  });

  // PostgreSQL keeps no statistics for a partial index's expression: without the area's statistics objects it took
  // any status to match 0.5% of the posts, read every published post through the status index and sorted them (800 ms
  // a page at 100,000 posts) instead of walking the date index until the page was full.
  it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL knows how common each status is, and walks the date order for a common one', async () => {
    await sql`analyze records`.execute(t.db);
    type Plan = { 'Plan Rows': number; 'Index Name'?: string; Plans?: Plan[] };
    const plan = async (query: ReturnType<typeof sql>) =>
      (await sql<{ 'QUERY PLAN': [{ Plan: Plan }] }>`explain (format json) ${query}`.execute(t.db)).rows[0]!['QUERY PLAN'][0].Plan;
    const published = COUNT - Math.floor(COUNT / 3);
    for (const [status, count] of [['published', published], ['draft', COUNT - published]] as const) {
      const estimate = (await plan(sql`select id from records where area = 'blogs' and (data ->> 'status') = ${sql.lit(status)}`))['Plan Rows'];
      expect(Math.abs(estimate - count) / count, `${status}: estimated ${estimate} of ${count}`).toBeLessThan(0.1);
    }
    const page = await plan(
      sql`select * from records where area = 'blogs' and (data ->> 'status') = 'published' order by lower(data ->> 'published_at') desc nulls last, id desc limit 25`,
    );
    const indexesUsed = (node: Plan): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesUsed)];
    expect(indexesUsed(page)).toEqual(['records_blogs_published_at_s_pdidx']);
    const { rows } = await sql<{ name: string }>`select stxname as name from pg_statistic_ext where stxrelid = 'records'::regclass order by 1`.execute(t.db);
    expect(rows.map((row) => row.name).filter((name) => name.startsWith('records_blogs_'))).toEqual(['records_blogs_status_s_st']);
  });

  // The stepping stones of deep pages (server/repositories/records.ts, keptWalk): a page starts from where an earlier
  // walk of the same list stood, never from where a walk of the list before a write stood. SQLite walks in steps of
  // 500 from the last stone; PostgreSQL lays every stone up to the page in one numbered walk, then reads past the last.
  it('start from where an earlier walk of the same list stood, and never from before a write', async () => {
    const sort: [string, string] = ['published_at', 'DESC'];
    // The statements that read the posts themselves (the walk's steps and the page; not the generation's or the
    // count's), and PostgreSQL's numbered walks.
    const statements: string[] = [];
    const numbered: string[] = [];
    const readsPosts = (statement: string) => JSON.parse(statement).from?.froms?.[0]?.table?.identifier?.name === 'records';
    // A Kysely of its own keeps its own values: nothing is kept from the requests above.
    // (Kysely shows a plugin a subquery on its own too: the numbered walk's inner query is part of its statement.)
    const counting = watchingStatements(t.db, (statement) => {
      if (!statement.includes('row_number')) {
        if (readsPosts(statement)) statements.push(statement);
      } else if (!readsPosts(statement)) numbered.push(statement);
    });
    const pageAt = async (start: number) => {
      statements.length = 0;
      numbered.length = 0;
      return pageIds(counting, sort, start);
    };
    const sqlite = dialectOf(t.db) === 'sqlite';
    const expectReads = (onSqlite: number, onPostgres: number, numberedWalks: number) => {
      expect(statements).toHaveLength(sqlite ? onSqlite : onPostgres);
      expect(numbered).toHaveLength(sqlite ? 0 : numberedWalks);
    };

    let all = await everyId(sort);
    expect(await pageAt(4013)).toEqual(all.slice(4013, 4038));
    // SQLite: the stones up to 4,000 in eight steps of 500, then the page past 13 more. PostgreSQL: the stones up to
    // 4,000 in one numbered walk, then the page past 13 more.
    expectReads(9, 1, 1);
    expect(await pageAt(3321)).toEqual(all.slice(3321, 3346));
    // From the stone at 3,300 (PostgreSQL's stones lie every 25 records), the page past 21 records in one statement.
    expectReads(1, 1, 0);
    for (const start of [2600, 1100, 4500, 510, 3050, 1000, 999]) expect(await pageAt(start), `page at ${start}`).toEqual(all.slice(start, start + 25));

    // A post among the first 500 goes: every later page moves up by one, stones or not.
    await sql`delete from records where id = ${all[7]!}`.execute(t.db);
    all = await everyId(sort);
    expect(all).toHaveLength(COUNT - 1);
    expect(await pageAt(3321)).toEqual(all.slice(3321, 3346));
    // Laid again: SQLite six steps of 500 and one of 300, then the page past 21; PostgreSQL one numbered walk, then the
    // page.
    expectReads(8, 1, 1);
    // From the stone at 2,600 laid after the write: the page alone.
    expect(await pageAt(2600)).toEqual(all.slice(2600, 2625));
    expectReads(1, 1, 0);
    // Past the last post, by the count kept since the write: nothing is read.
    expect(await pageAt(COUNT + 100)).toEqual([]);
    expectReads(0, 0, 0);

    // Ten pages asked for at once, none of them passed yet (a Kysely of its own, so nothing is kept): one walk lays
    // the stones, the other requests wait for it (PostgreSQL numbers the walk once; SQLite steps it once, eight steps
    // of 500), then each reads its page past its stone. PostgreSQL's walk lays the stones of the first page asked
    // for (up to 4,000; they lie every 25): the six pages from 4,029 on read the keys past its last one first, unless
    // another of them has laid the stone they need by the time they look (PostgreSQL answers off the event loop, so
    // how many do depends on the order its answers come in).
    numbered.length = 0;
    statements.length = 0;
    const fresh = watchingStatements(t.db, (statement) => {
      if (statement.includes('row_number')) {
        if (!readsPosts(statement)) numbered.push(statement);
      } else if (readsPosts(statement)) statements.push(statement);
    });
    const starts = Array.from({ length: 10 }, (_, i) => 4001 + i * 7);
    const pages = await Promise.all(starts.map((start) => pageIds(fresh, sort, start)));
    pages.forEach((page, i) => expect(page, `page at ${starts[i]}`).toEqual(all.slice(starts[i], starts[i]! + 25)));
    expect(numbered).toHaveLength(sqlite ? 0 : 1);
    expect(statements.length).toBeGreaterThanOrEqual(sqlite ? 8 + 10 : 10);
    expect(statements.length).toBeLessThanOrEqual(sqlite ? 8 + 10 : 10 + 6);

    // Two pages asked for at once, far apart, on a list nobody walked yet: the near one waits for its own stone, not
    // for the walk to reach the far one's (SQLite: after two of the walk's eight steps, the near page is read; on
    // PostgreSQL the walk is one statement, which both wait for).
    statements.length = 0;
    const again = watchingStatements(t.db, (statement) => {
      if (!statement.includes('row_number') && readsPosts(statement)) statements.push(statement);
    });
    let readBeforeNear = -1;
    const [far, near] = await Promise.all([
      pageIds(again, sort, 4013),
      pageIds(again, sort, 1013).then((page) => {
        readBeforeNear = statements.length;
        return page;
      }),
    ]);
    expect(far).toEqual(all.slice(4013, 4038));
    expect(near).toEqual(all.slice(1013, 1038));
    // SQLite: two steps of the walk and the near page; then six more steps and the far page.
    if (sqlite) expect([readBeforeNear, statements.length]).toEqual([3, 10]);
  });

  // PostgreSQL leaves out of an index scan's conditions what a partial index's WHERE says (area = 'blogs'): with
  // `area` as the index's first column, the cursor's value bounded nothing and the scan read the index from its start.
  it.runIf(process.env.TEST_DATABASE_URL)("a cursor's value bounds PostgreSQL's walk of the sort index", async () => {
    const all = await everyId(['published_at', 'DESC']);
    const [cursor] = (
      await sql<{ key: string; id: number }>`select lower(data ->> 'published_at') as key, id from records where id = ${all[4000]!}`.execute(t.db)
    ).rows;
    type Plan = { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Index Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: Plan[] };
    // The cursor's condition as records.ts pastConditions writes it for PostgreSQL: a row comparison.
    const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (
      await sql<{ 'QUERY PLAN': [{ Plan: Plan }] }>`explain (analyze, buffers, format json)
        select id from records where area = 'blogs' and (lower(data ->> 'published_at'), id) < (${cursor!.key}, ${cursor!.id})
        order by lower(data ->> 'published_at') desc nulls last, id desc limit 1`.execute(t.db)
    ).rows as [{ 'QUERY PLAN': [{ Plan: Plan }] }];
    const scan = plan.Plans![0]!;
    expect(scan['Index Name']).toBe('records_blogs_published_at_s_pdidx');
    // The whole comparison bounds the scan: nothing is left to test on each row read (which would decompress its
    // document).
    expect(scan['Index Cond']).toMatch(/^\(ROW\(lower\(\(data ->> 'published_at'::text\)\), id\) < ROW\(/);
    expect(scan.Filter).toBeUndefined();
    // A few index pages from the root to the cursor, and the row's page; from the start, 4,000 entries' worth more.
    expect(scan['Shared Hit Blocks'] + scan['Shared Read Blocks']).toBeLessThanOrEqual(8);
  });

  // A page further down than any stone is numbered on from the last stone, not from the top again; past the last
  // dated post (4,140th, newest first) the stones among the undated ones come from a walk from the top.
  it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL numbers a walk on from its last stone', async () => {
    const sort: [string, string] = ['published_at', 'DESC'];
    const all = await everyId(sort);
    // The number of records each numbered walk reads, from its statement's limit.
    const walks: number[] = [];
    // (Kysely shows a plugin the numbered walk's inner query on its own too: the one with the limit.)
    const watching = watchingStatements(t.db, (statement) => {
      const node = JSON.parse(statement);
      if (statement.includes('row_number') && node.limit) walks.push(node.limit.limit.value);
    });
    const pageAt = (start: number) => pageIds(watching, sort, start);
    expect(await pageAt(1013)).toEqual(all.slice(1013, 1038));
    expect(walks).toEqual([1000]);
    expect(await pageAt(3321)).toEqual(all.slice(3321, 3346));
    // From the stone at 1,000 to the one at 3,300 (a stone every 25 records).
    expect(walks).toEqual([1000, 2300]);
    expect(await pageAt(4577)).toEqual(all.slice(4577, 4602));
    // From 3,300 the dated posts end at 4,140 (stones to 4,125); then from the top for the undated ones (to 4,575).
    expect(walks).toEqual([1000, 2300, 1275, 4575]);
    for (const start of [4100, 4139, 4140, 4200, 4210, 4499, 4500]) expect(await pageAt(start), `page at ${start}`).toEqual(all.slice(start, start + 25));
    expect(walks).toHaveLength(4);

    // From a stone among the undated posts: 1,000 more of them, so that a page lies far past such a stone.
    const before = all.length;
    const day = new Date(Date.UTC(2021, 0, 1)).toISOString();
    const undated = Array.from({ length: 1000 }, (_, i) => ({
      area: 'blogs',
      data: JSON.stringify({ title: `Undated ${i}`, slug: `undated-${i}`, excerpt: '', content: '<p>x</p>', tags: [], status: 'published', published_at: null, author: null, cover_image: null }),
      position: null,
      created_at: day,
      updated_at: day,
    }));
    await t.db.insertInto('records').values(undated).execute();
    try {
      const more = await everyId(sort);
      expect(more).toHaveLength(before + 1000);
      walks.length = 0;
      // The write began a new generation: numbered from the top to 4,300 (past the last dated post, 4,140), then on
      // from the stone at 4,300, among the undated ones, to 5,400.
      expect(await pageAt(4310)).toEqual(more.slice(4310, 4335));
      expect(await pageAt(5417)).toEqual(more.slice(5417, 5442));
      expect(walks).toEqual([4300, 1100]);
      for (const start of [5399, 5400, 5575, 4301]) expect(await pageAt(start), `page at ${start}`).toEqual(more.slice(start, start + 25));
    } finally {
      await sql`delete from records where area = 'blogs' and data ->> 'slug' like 'undated-%'`.execute(t.db);
    }
  });

  // PostgreSQL builds the row of every record an offset skips (a page 500 posts down: 4.2 ms); SQLite skips index
  // entries only. So on PostgreSQL a page past the first stone (25) is read past its stone, as deeper ones are.
  it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL reads a page among the first 500 past its stone', async () => {
    const sort: [string, string] = ['published_at', 'DESC'];
    const all = await everyId(sort);
    // The offset of each statement reading the posts (a Kysely of its own: nothing kept from the tests above).
    const offsets: number[] = [];
    const watching = watchingStatements(t.db, (statement) => {
      const node = JSON.parse(statement);
      if (node.from?.froms?.[0]?.table?.identifier?.name === 'records' && node.offset) offsets.push(node.offset.offset.value);
    });
    const pageAt = (start: number) => pageIds(watching, sort, start);
    // The first: the keys of the 313 records before it (laying a stone every 25), then the page after the last.
    expect(await pageAt(313)).toEqual(all.slice(313, 338));
    expect(offsets).toEqual([0, 0]);
    offsets.length = 0;
    // Then past the stone at 300: 20 records skipped, not 320.
    expect(await pageAt(320)).toEqual(all.slice(320, 345));
    expect(offsets).toEqual([20]);
    offsets.length = 0;
    // Up to the first stone, from the top, as before.
    expect(await pageAt(20)).toEqual(all.slice(20, 45));
    expect(offsets).toEqual([20]);
  });

  // SQLite uses a row comparison `(key, id) < (?, ?)` on an index of expressions only as a filter: a cursor far down
  // read every index entry before it. Written out, the cursor's value bounds the index's walk (records.ts, after).
  it.runIf(!process.env.TEST_DATABASE_URL)("a cursor's value bounds SQLite's walk of the sort index", async () => {
    const sort: [string, string] = ['published_at', 'DESC'];
    const all = await everyId(sort);
    const [cursorRecord] = await t.db
      .selectFrom('records')
      .select(['id', sql<string>`lower(json_extract(data, '$.published_at'))`.as('key')])
      .where('id', '=', all[3000]!)
      .execute();
    const nodes: RootOperationNode[] = [];
    const watching = t.db.withPlugin({
      transformQuery: (args) => {
        nodes.push(args.node);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const list = { sort: JSON.stringify(sort), range: JSON.stringify([0, 24]) };
    const cursor = encodeCursor('blogs', parseListQuery(blogs, list), cursorRecord!.key, cursorRecord!.id);
    const query = parseListQuery(blogs, { ...list, cursor }, undefined, { keyset: true });
    const { records } = await listRecords(watching, 'blogs', query);
    expect(records.map((record) => record.id)).toEqual(all.slice(3001, 3026));
    const plans: string[] = [];
    for (const node of nodes) {
      const compiled = t.db.getExecutor().compileQuery(node, createQueryId());
      if (!compiled.sql.includes('"sort_key"')) continue;
      const { rows } = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      plans.push(...rows.map((row) => row.detail));
    }
    // The page, then the area's generation it tells (once, by its key).
    expect(plans).toHaveLength(3);
    expect(plans[0]).toMatch(/^SEARCH records USING INDEX records_blogs_published_at_s_\w+ \(area=\? AND <expr><\?\)$/);
    expect(plans.slice(1)).toEqual(['SCALAR SUBQUERY 1', 'SEARCH area_generations USING INDEX sqlite_autoindex_area_generations_1 (area=?)']);
  });
});
