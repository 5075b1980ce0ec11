// Issue #10: a list's count is kept with its area's generation (migration 0011) and reused while no record of the
// area changed. Every change must show in the very next count: through the API, around it (SQL), and after a
// rebuild of the search rows. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { reindexAreas } from '../../server/areas/evolve';
import { buildAreaModels } from '../../server/areas/model';
import { areaGeneration } from '../../server/repositories/records';
import { apiClient, listParams, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

let t: TestApp;
let api: ApiClient;

beforeAll(async () => {
  t = await setupApp();
  api = apiClient(t.app, await signIn(t.app));
});

afterAll(async () => {
  await t.close();
});

afterEach(async () => {
  await sql`delete from records where area in ('blogs', 'projects')`.execute(t.db);
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
