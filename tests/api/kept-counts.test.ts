// Issue #10: a list's count is kept with its area's generation (migration 0011) and reused while no record of the
// area changed. Every change must show in the very next count: through the API, around it (SQL), and after a
// rebuild of the search rows. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { reindexAreas } from '../../server/areas/evolve';
import { parseListQuery } from '../../server/areas/list-query';
import { buildAreaModels } from '../../server/areas/model';
import { migratorFor } from '../../server/db';
import { dialectOf } from '../../server/db/dialect';
import { areaGeneration, areaRecordCount, listRecords } from '../../server/repositories/records';
import { watchingStatements } from '../helpers/db';
import { apiClient, listParams, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

let t: TestApp;
let api: ApiClient;
const blogs = buildAreaModels(areas).find((model) => model.name === 'blogs')!;

beforeAll(async () => {
  t = await setupApp();
  api = apiClient(t.app, await signIn(t.app));
});

afterAll(async () => {
  await t.close();
});

afterEach(async () => {
  await sql`delete from records where area in ('blogs', 'projects', 'counters')`.execute(t.db);
});

interface Post {
  id: number;
  title: string;
  version: number;
}

async function post(title: string, extra: Record<string, unknown> = {}): Promise<Post> {
  const response = await api.post('/api/blogs', { title, content: '<p>Body</p>', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

/** The Content-Range of a list, asked twice: the second answer may come from the kept count, and must be the same. */
async function range(filter: Record<string, unknown> = {}, area = 'blogs'): Promise<string> {
  const url = `/api/${area}${listParams({ filter, sort: ['title', 'ASC'], range: [0, 0] })}`;
  const first = await api.get(url);
  expect(first.statusCode, first.body).toBe(200);
  const second = await api.get(url);
  expect(second.headers['content-range']).toBe(first.headers['content-range']);
  return String(first.headers['content-range']);
}

describe('kept counts', () => {
  it('follow creates, edits and deletes through the API', async () => {
    expect(await range()).toBe('blogs */0');
    const tower = await post('Glass tower', { status: 'draft' });
    expect(await range()).toBe('blogs 0-0/1');
    expect(await range({ status: 'draft' })).toBe('blogs 0-0/1');
    expect(await range({ q: 'glass' })).toBe('blogs 0-0/1');
    await post('Timber hall', { status: 'published' });
    expect(await range()).toBe('blogs 0-0/2');
    expect(await range({ status: 'draft' })).toBe('blogs 0-0/1');

    const edited = await api.put(`/api/blogs/${tower.id}`, { title: 'Steel tower', status: 'published', version: tower.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await range({ status: 'draft' })).toBe('blogs */0');
    expect(await range({ status: 'published' })).toBe('blogs 0-0/2');
    expect(await range({ q: 'glass' })).toBe('blogs */0');
    expect(await range({ q: 'steel' })).toBe('blogs 0-0/1');

    expect((await api.delete(`/api/blogs/${tower.id}`)).statusCode).toBe(200);
    expect(await range()).toBe('blogs 0-0/1');
    expect(await range({ q: 'steel' })).toBe('blogs */0');
    expect(await range({ status: 'published' })).toBe('blogs 0-0/1');
  });

  it('are kept per area: a write to one area leaves the counts of another right', async () => {
    await post('Glass tower');
    expect(await range({}, 'projects')).toBe('projects */0');
    const created = await api.post('/api/projects', { title: 'Harbour bridge', category: 'infrastructure', status: 'ongoing' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await range({}, 'projects')).toBe('projects 0-0/1');
    expect(await range()).toBe('blogs 0-0/1');
  });

  it('follow records written, changed and removed around the API (SQL)', async () => {
    await post('Glass tower', { status: 'draft' });
    expect(await range()).toBe('blogs 0-0/1');
    expect(await range({ status: 'published' })).toBe('blogs */0');
    const data = { title: 'Imported', slug: 'imported', excerpt: '', content: '<p>x</p>', tags: [], status: 'draft', published_at: null, author: null, cover_image: null };
    const now = new Date().toISOString();
    await t.db.insertInto('records').values({ area: 'blogs', data: JSON.stringify(data), position: null, created_at: now, updated_at: now }).execute();
    expect(await range()).toBe('blogs 0-0/2');
    expect(await range({ status: 'draft' })).toBe('blogs 0-0/2');

    const json = JSON.stringify({ ...data, status: 'published' });
    await sql`update records set data = ${json} where area = 'blogs' and id = (select max(id) from records where area = 'blogs')`.execute(t.db);
    expect(await range({ status: 'draft' })).toBe('blogs 0-0/1');
    expect(await range({ status: 'published' })).toBe('blogs 0-0/1');

    await sql`delete from records where area = 'blogs' and id = (select max(id) from records where area = 'blogs')`.execute(t.db);
    expect(await range()).toBe('blogs 0-0/1');
    expect(await range({ status: 'published' })).toBe('blogs */0');
  });

  it('follow a rebuild of the search rows', async () => {
    const data = { title: 'Imported beam', slug: 'imported-beam', excerpt: '', content: '<p>x</p>', tags: ['steel'], status: 'draft', published_at: null, author: null, cover_image: null };
    const now = new Date().toISOString();
    // Written around the API: no search or tag rows until the area is reindexed (npm run areas -- reindex).
    await t.db.insertInto('records').values({ area: 'blogs', data: JSON.stringify(data), position: null, created_at: now, updated_at: now }).execute();
    expect(await range({ q: 'beam' })).toBe('blogs */0');
    expect(await range({ tags: 'steel' })).toBe('blogs */0');
    await reindexAreas(t.db, buildAreaModels(areas).filter((model) => model.name === 'blogs'));
    expect(await range({ q: 'beam' })).toBe('blogs 0-0/1');
    expect(await range({ tags: 'steel' })).toBe('blogs 0-0/1');
  });

  it('count every record again at a reindex, when the number the triggers keep was left behind', async () => {
    await post('Glass tower');
    await post('Timber hall');
    // As rows written with the triggers off would leave it (a new generation, so that nothing counted before is reused).
    await sql`update area_generations set records = 0, generation = generation + 1 where area = 'blogs'`.execute(t.db);
    expect(await range()).toBe('blogs */0');
    await reindexAreas(t.db, buildAreaModels(areas).filter((model) => model.name === 'blogs'));
    expect(await range()).toBe('blogs 0-0/2');
  });

  it('count every record of an area as its triggers keep it (migration 0012): moved in SQL, a rolled-back insert', async () => {
    await post('Glass tower');
    await post('Timber hall');
    expect(await range()).toBe('blogs 0-0/2');
    const before = await areaRecordCount(t.db, 'counters');
    // Moved to another area in SQL (never done by the API): one fewer in one, one more in the other.
    await sql`update records set area = 'counters' where area = 'blogs' and id = (select max(id) from records where area = 'blogs')`.execute(t.db);
    expect(await range()).toBe('blogs 0-0/1');
    expect(await areaRecordCount(t.db, 'counters')).toBe(before + 1);
    // An insert rolled back leaves the count as it was.
    const now = new Date().toISOString();
    const rolledBack = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('records').values({ area: 'blogs', data: JSON.stringify({ title: 'Never' }), position: null, created_at: now, updated_at: now }).execute();
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await range()).toBe('blogs 0-0/1');
    // Area by area, the kept number is the table's own count.
    const counted = await sql<{ area: string; n: number | string }>`select area, count(*) as n from records group by area`.execute(t.db);
    expect(counted.rows.map((row) => row.area).sort()).toEqual(['blogs', 'counters']);
    for (const row of counted.rows) expect(await areaRecordCount(t.db, row.area), row.area).toBe(Number(row.n));
  });

  it('are counted from the records already there when migration 0012 runs, and 0011 comes back on its way down', async () => {
    await post('Glass tower');
    await post('Timber hall');
    const migrator = await migratorFor(t.db);
    const down = await migrator.migrateTo('0011_area_generations');
    expect(down.error).toBeUndefined();
    // Written while the count is not kept (0011's triggers move the generation only).
    const now = new Date().toISOString();
    await t.db.insertInto('records').values({ area: 'blogs', data: JSON.stringify({ title: 'Imported' }), position: null, created_at: now, updated_at: now }).execute();
    const generation = await areaGeneration(t.db, 'blogs');
    await sql`delete from records where area = 'blogs' and id = (select min(id) from records where area = 'blogs')`.execute(t.db);
    expect(Number(await areaGeneration(t.db, 'blogs'))).toBeGreaterThan(Number(generation));
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await areaRecordCount(t.db, 'blogs')).toBe(2);
    expect(await range()).toBe('blogs 0-0/2');
  });

  it('move the generation on for a change of a record, not for one of who last saved it', async () => {
    const tower = await post('Glass tower');
    const before = await areaGeneration(t.db, 'blogs');
    await t.db.updateTable('records').set({ updated_by: null }).where('id', '=', tower.id).execute();
    expect(await areaGeneration(t.db, 'blogs')).toBe(before);
    const edited = await api.put(`/api/blogs/${tower.id}`, { excerpt: 'Changed', version: tower.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(Number(await areaGeneration(t.db, 'blogs'))).toBeGreaterThan(Number(before));
  });
});

/** The titles of a page, asked twice: the second answer may come from the kept page (its ids), and must be the same. */
async function page(params: { filter?: Record<string, unknown>; sort?: [string, string]; range?: [number, number] }, area = 'blogs', label = 'title') {
  const url = `/api/${area}${listParams({ sort: ['title', 'ASC'], range: [0, 9], ...params })}`;
  const first = await api.get(url);
  expect(first.statusCode, first.body).toBe(200);
  const second = await api.get(url);
  expect(second.body).toBe(first.body);
  expect(second.headers['content-range']).toBe(first.headers['content-range']);
  return first.json<Record<string, unknown>[]>().map((record) => record[label]);
}

describe('per-value counts under editors saving side by side', () => {
  it('never deadlock: each editor saves their own post with tags in their own order, every save answers 200, every count is right', async () => {
    // Each save changes the counts of the tags it gains and loses; in the order typed, two saves changing the same two
    // tags in opposite orders deadlocked on PostgreSQL (503 busy for 1-2 % of saves of an outside probe's 15 editors).
    const tags = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = () => tags.filter(() => random() < 0.6).sort(() => random() - 0.5);
    const editors = await Promise.all(Array.from({ length: 8 }, (_, n) => post(`Editor ${n}`, { status: 'published', tags: pick() })));
    const statuses: number[] = [];
    await Promise.all(
      editors.map(async (editor) => {
        let version = editor.version;
        for (let round = 0; round < 12; round++) {
          const saved = await api.put(`/api/blogs/${editor.id}`, { title: editor.title, content: '<p>Body</p>', status: 'published', tags: pick(), version });
          statuses.push(saved.statusCode);
          if (saved.statusCode === 200) version = saved.json<Post>().version;
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const stored = (await api.get(`/api/blogs${listParams({ range: [0, 99] })}`)).json<{ tags: string[] }[]>();
    for (const tag of tags) {
      const holding = stored.filter((record) => record.tags.includes(tag)).length;
      expect(await range({ tags: tag }), tag).toBe(holding === 0 ? 'blogs */0' : `blogs 0-0/${holding}`);
    }
  }, 60_000);
});

describe('kept pages', () => {
  it('follow creates, edits and deletes through the API', async () => {
    const glass = await post('Glass tower');
    await post('Timber hall');
    expect(await page({})).toEqual(['Glass tower', 'Timber hall']);
    expect(await page({ range: [1, 1] })).toEqual(['Timber hall']);
    await post('Brick house');
    expect(await page({})).toEqual(['Brick house', 'Glass tower', 'Timber hall']);
    expect(await page({ range: [1, 1] })).toEqual(['Glass tower']);
    const edited = await api.put(`/api/blogs/${glass.id}`, { title: 'Steel tower', version: glass.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await page({})).toEqual(['Brick house', 'Steel tower', 'Timber hall']);
    expect(await page({ sort: ['title', 'DESC'] })).toEqual(['Timber hall', 'Steel tower', 'Brick house']);
    expect(await page({ filter: { q: 'tower' } })).toEqual(['Steel tower']);
    expect((await api.delete(`/api/blogs/${glass.id}`)).statusCode).toBe(200);
    expect(await page({})).toEqual(['Brick house', 'Timber hall']);
    expect(await page({ filter: { q: 'tower' } })).toEqual([]);
  });

  it('follow a new order (drag and drop) and changes made around the API', async () => {
    const ids: number[] = [];
    for (const label of ['One', 'Two', 'Three']) {
      const created = await api.post('/api/counters', { label, value: 1 });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<{ id: number }>().id);
    }
    const ordered = (params = {}) => page({ sort: ['position', 'ASC'], ...params }, 'counters', 'label');
    expect(await ordered()).toEqual(['One', 'Two', 'Three']);
    expect((await api.put('/api/counters/order', { ids: [...ids].reverse() })).statusCode).toBe(200);
    expect(await ordered()).toEqual(['Three', 'Two', 'One']);
    await sql`update records set position = -1 where id = ${ids[1]!}`.execute(t.db);
    expect(await ordered()).toEqual(['Two', 'Three', 'One']);

    await post('Glass tower');
    expect(await page({})).toEqual(['Glass tower']);
    const json = JSON.stringify({ title: 'Adobe hut', slug: 'adobe-hut', excerpt: '', content: '<p>x</p>', tags: [], status: 'draft', published_at: null, author: null, cover_image: null });
    await sql`update records set data = ${json} where area = 'blogs'`.execute(t.db);
    expect(await page({})).toEqual(['Adobe hut']);
  });

  it('follow cursors: the next page after a record added between page loads', async () => {
    for (const title of ['A1', 'A2', 'A3', 'A4']) await post(title);
    const first = await api.get(`/api/blogs${listParams({ sort: ['title', 'ASC'], range: [0, 1] })}`);
    const cursor = String(first.headers['x-next-cursor']);
    const next = async () => {
      const response = await api.get(`/api/blogs${listParams({ sort: ['title', 'ASC'], range: [0, 1] })}&cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Post[]>().map((record) => record.title);
    };
    expect(await next()).toEqual(['A3', 'A4']);
    expect(await next()).toEqual(['A3', 'A4']);
    await post('A25');
    expect(await next()).toEqual(['A25', 'A3']);
  });
});

describe('kept records of a page', () => {
  // The records of a page asked for again are kept with the area's generation: read after that, the page makes no
  // statement but the generation's; any change of a value, the order unchanged, shows at once.
  const excerpts = async (projection: boolean) => {
    const response = await api.get(`/api/blogs${listParams({ sort: ['title', 'ASC'], range: [0, 9] })}${projection ? '&projection=list' : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ title: string; excerpt: string; content?: string }[]>().map((record) => [record.title, record.excerpt, record.content ?? '-']);
  };

  it('are read once, and follow every change of a value through the API and around it (SQL)', async () => {
    const first = await post('First', { excerpt: 'one' });
    await post('Second', { excerpt: 'two' });
    for (const projection of [true, false, true]) {
      expect(await excerpts(projection)).toEqual([
        ['First', 'one', projection ? '-' : '<p>Body</p>'],
        ['Second', 'two', projection ? '-' : '<p>Body</p>'],
      ]);
    }
    const edited = await api.put(`/api/blogs/${first.id}`, { excerpt: 'one, edited', version: first.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await excerpts(true)).toEqual([['First', 'one, edited', '-'], ['Second', 'two', '-']]);
    if (dialectOf(t.db) === 'postgres') await sql`update records set data = jsonb_set(data, '{excerpt}', '"changed in SQL"') where id = ${first.id}`.execute(t.db);
    else await sql`update records set data = json_set(data, '$.excerpt', 'changed in SQL') where id = ${first.id}`.execute(t.db);
    expect(await excerpts(true)).toEqual([['First', 'changed in SQL', '-'], ['Second', 'two', '-']]);
    expect(await excerpts(false)).toEqual([['First', 'changed in SQL', '<p>Body</p>'], ['Second', 'two', '<p>Body</p>']]);

    const statements: string[] = [];
    const counting = watchingStatements(t.db, (statement) => statements.push(statement));
    const query = parseListQuery(blogs, { sort: JSON.stringify(['title', 'ASC']), range: JSON.stringify([0, 9]) });
    const read = async () => (await listRecords(counting, 'blogs', query, { omit: ['content'] })).records.map((record) => record.data.excerpt);
    const isGeneration = (statement: string) => statement.includes('"area_generations"');
    // Computed, then asked for again: read by its kept ids and kept; then read from what is kept.
    expect(await read()).toEqual(['changed in SQL', 'two']);
    statements.length = 0;
    expect(await read()).toEqual(['changed in SQL', 'two']);
    expect(statements.map(isGeneration)).toEqual([true, false]);
    statements.length = 0;
    expect(await read()).toEqual(['changed in SQL', 'two']);
    expect(statements.map(isGeneration)).toEqual([true]);
    // What a caller is given cannot change what the next one reads.
    const [kept] = (await listRecords(counting, 'blogs', query, { omit: ['content'] })).records;
    expect(() => {
      kept!.data.excerpt = 'changed by a caller';
    }).toThrow(TypeError);
    expect(await read()).toEqual(['changed in SQL', 'two']);
    // A page computed afresh that no request waited for is not kept (a random page of a long list is never asked for
    // again): its first caller's records are its own, and the next request reads the page by its ids.
    await post('Third', { excerpt: 'three' });
    const computed = (await listRecords(counting, 'blogs', query, { omit: ['content'] })).records;
    expect(computed.map((record) => record.data.excerpt)).toEqual(['changed in SQL', 'two', 'three']);
    expect(Object.isFrozen(computed[2]!.data)).toBe(false);
    computed[2]!.data.excerpt = 'changed by the first caller';
    statements.length = 0;
    expect(await read()).toEqual(['changed in SQL', 'two', 'three']);
    expect(statements.map(isGeneration)).toEqual([true, false]);
  });
});

describe('a page asked for by many at once', () => {
  // Twenty requests for one page that is not kept yet wait for one computation of it (the website's lists count
  // afresh every second, their time being a filter: twenty counts of the same 10,000 posts at once took PostgreSQL
  // 0.6-1.2 s each). Statements are counted on the way to the database; all twenty answers must be the page.
  it('is computed once, and every request gets it; a failed computation is not kept', async () => {
    for (const title of ['C1', 'C2', 'C3']) await post(title, { status: 'published' });
    await post('D1', { status: 'draft' });
    const statements: string[] = [];
    let fail = false;
    const isCount = (statement: string) => statement.includes('"func":"count"');
    const counting = watchingStatements(t.db, (statement) => {
      if (fail && isCount(statement)) throw new Error('the database went away');
      statements.push(statement);
    });
    const query = (filter: Record<string, string>) =>
      parseListQuery(blogs, { sort: JSON.stringify(['title', 'DESC']), range: JSON.stringify([0, 1]), filter: JSON.stringify(filter) });
    const pages = await Promise.all(Array.from({ length: 20 }, () => listRecords(counting, 'blogs', query({ status: 'published' }))));
    for (const answer of pages) {
      expect(answer.records.map((record) => record.data.title)).toEqual(['C3', 'C2']);
      expect(answer).toMatchObject({ total: 3, exact: true });
    }
    expect(statements.filter(isCount)).toHaveLength(1);
    // The requests that waited were handed the records the computation read, kept for them (not read again by id),
    // and frozen: no caller can change what another reads.
    for (const answer of pages) expect(answer.records[0]).toBe(pages[0]!.records[0]);
    expect(Object.isFrozen(pages[0]!.records[0]!.data)).toBe(true);

    // A computation that fails fails every request waiting for it, and the next request computes afresh.
    fail = true;
    const failed = await Promise.allSettled(Array.from({ length: 5 }, () => listRecords(counting, 'blogs', query({ status: 'draft' }))));
    expect(failed.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
    fail = false;
    const again = await listRecords(counting, 'blogs', query({ status: 'draft' }));
    expect(again.records.map((record) => record.data.title)).toEqual(['D1']);
    expect(again).toMatchObject({ total: 1, exact: true });
  });
});

describe('a page not kept, read against the generation last seen', () => {
  // A page not kept is read at once against the area's generation as last seen, its statement telling the one it
  // saw (records.ts listRecords). A change committed meanwhile by another server (here: SQL around this one, which
  // the server does not see) must show in that very read: its records and its count.
  const titles = (range: [number, number]) =>
    listRecords(t.db, 'blogs', parseListQuery(blogs, { sort: JSON.stringify(['title', 'ASC']), range: JSON.stringify(range) })).then((page) => ({
      titles: page.records.map((record) => record.data.title),
      total: page.total,
    }));
  const insertPost = async (title: string) => {
    const data = { title, slug: title.toLowerCase(), excerpt: '', content: '<p>x</p>', tags: [], status: 'draft', published_at: null, author: null, cover_image: null };
    const now = new Date().toISOString();
    await t.db.insertInto('records').values({ area: 'blogs', data: JSON.stringify(data), position: null, created_at: now, updated_at: now }).execute();
  };

  it('follows a change made meanwhile around the server: the records and the count', async () => {
    const created: Post[] = [];
    for (const title of ['A1', 'A2', 'A3']) created.push(await post(title));
    expect(await titles([0, 0])).toEqual({ titles: ['A1'], total: 3 });
    await insertPost('A0');
    // The count of three is kept with the generation last seen: the page's statement sees another.
    expect(await titles([1, 1])).toEqual({ titles: ['A1'], total: 4 });
    expect(await titles([2, 2])).toEqual({ titles: ['A2'], total: 4 });
    await t.db.deleteFrom('records').where('id', '=', created[1]!.id).execute();
    await t.db.deleteFrom('records').where('id', '=', created[2]!.id).execute();
    // A page past the end reads no record, so its statement tells no generation: it is read after the page.
    expect(await titles([3, 3])).toEqual({ titles: [], total: 2 });
    expect(await titles([1, 1])).toEqual({ titles: ['A1'], total: 2 });
  });

  it('sends one statement for a page not kept once the generation and the count are known', async () => {
    for (const title of ['B1', 'B2', 'B3']) await post(title);
    const statements: string[] = [];
    const counting = watchingStatements(t.db, (statement) => statements.push(statement));
    const query = (range: [number, number]) => parseListQuery(blogs, { sort: JSON.stringify(['title', 'ASC']), range: JSON.stringify(range) });
    expect((await listRecords(counting, 'blogs', query([0, 0]))).records.map((record) => record.data.title)).toEqual(['B1']);
    statements.length = 0;
    expect((await listRecords(counting, 'blogs', query([1, 1]))).records.map((record) => record.data.title)).toEqual(['B2']);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('"list_generation"');
  });
});
