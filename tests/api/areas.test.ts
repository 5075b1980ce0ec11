// Every area of the registry answers its API: list (sort, range, filters, q), get, create, update, delete and
// validation errors for collections; get and put for singletons; submission, triage and export for inboxes.
// Driven by the declarations and their sample content, so a new area is covered as soon as it is registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { areas } from '../../schema/areas';
import { samples } from '../../schema/areas/samples';
import { optionsOf, type AreaDeclaration } from '../../schema/define';
import { apiClient, AUTH_REQUIRED, listParams, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

const FORM_ERROR = 'Please check the form for errors';
const stored = areas.filter((area) => area.name !== 'users-management');
const byKind = (kind: AreaDeclaration['kind']) => stored.filter((area) => area.kind === kind).map((area) => [area.name, area] as const);

let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await setupApp();
  api = apiClient(t.app, await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

function sampleOf(area: AreaDeclaration, index = 0): Record<string, unknown> {
  const sample = samples[area.name]?.[index];
  if (!sample) throw new Error(`schema/areas/samples.ts has no sample ${index} for ${area.name}`);
  return { ...sample };
}

/** What the API should answer for a sample: the schema's output, minus what the server rewrites. */
function expectedOf(area: AreaDeclaration, sample: Record<string, unknown>) {
  const expected = { ...(area.schema.parse(sample) as Record<string, unknown>) };
  for (const field of area.richText ?? []) delete expected[field];
  if (area.slug) delete expected[area.slug.field];
  return expected;
}

/** A field and a value the area's schema refuses, with the message it gives. */
function invalidField(area: AreaDeclaration, sample: Record<string, unknown>): { field: string; value: unknown; message: string } {
  for (const field of Object.keys(area.schema.shape)) {
    // Too long for a text (100,000 characters: within a website form's 128 KB of JSON), or for rich text (250,000).
    for (const value of [12345, 'x'.repeat(100_000), 'x'.repeat(250_000), { nested: true }, 'not-a-choice']) {
      const result = area.schema.safeParse({ ...sample, [field]: value });
      const issue = result.success ? undefined : result.error.issues.find((candidate) => candidate.path[0] === field);
      if (issue) return { field: issue.path.map(String).join('.'), value, message: issue.message };
    }
  }
  throw new Error(`no invalid value found for ${area.name}`);
}

/** A text value of the record to search for: the middle of the first declared search field. */
function searchTerm(area: AreaDeclaration, record: Record<string, unknown>): string | undefined {
  const field = area.search?.find((name) => typeof record[name] === 'string' && (record[name] as string).length >= 3);
  if (!field) return undefined;
  // The start of its words, in capitals (issue #10: a search finds words from their start).
  const text = record[field] as string;
  return text.slice(0, Math.min(text.length, 8)).toUpperCase();
}

async function listIds(name: string, params: Parameters<typeof listParams>[0]) {
  const response = await api.get(`/api/${name}${listParams(params)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }[]>().map((record) => record.id);
}

describe.each(byKind('collection'))('collection %s', (name, area) => {
  let record: Record<string, unknown> & { id: number };

  it('creates a record from its sample', async () => {
    const sample = sampleOf(area);
    const response = await api.post(`/api/${name}`, sample);
    expect(response.statusCode, response.body).toBe(201);
    record = response.json();
    const expected: Record<string, unknown> = { ...expectedOf(area, sample) };
    const publication = area.website?.publication;
    // Published with no publish time records when it was published (server/areas/records.ts stampPublishTime).
    if (publication && expected[publication.status] === 'published' && expected[publication.at] == null) {
      expected[publication.at] = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(record).toMatchObject({ id: expect.any(Number), ...expected });
    if (area.slug) expect(record[area.slug.field]).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    if (area.ordered) expect(record.position).toEqual(expect.any(Number));
    // A second record, so sorting has something to order.
    if (samples[name]!.length > 1) expect((await api.post(`/api/${name}`, sampleOf(area, 1))).statusCode).toBe(201);
  });

  it('lists by every sortable field, both ways', async () => {
    const total = samples[name]!.length > 1 ? 2 : 1;
    const sortable = ['id', 'created_at', 'updated_at', ...(area.sort ?? []), ...(area.ordered ? ['position'] : [])];
    for (const field of sortable) {
      for (const order of ['ASC', 'DESC']) {
        const response = await api.get(`/api/${name}${listParams({ sort: [field, order], range: [0, 24], filter: {} })}`);
        expect(response.statusCode, `${field} ${order}: ${response.body}`).toBe(200);
        expect(response.headers['content-range']).toBe(`${name} 0-${total - 1}/${total}`);
        expect(response.json()).toHaveLength(total);
      }
    }
  });

  it('pages with range', async () => {
    const response = await api.get(`/api/${name}${listParams({ sort: ['id', 'ASC'], range: [0, 0] })}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ id: record.id })]);
    expect(response.headers['content-range']).toMatch(new RegExp(`^${name} 0-0/\\d+$`));
  });

  it('filters by every declared filter and searches with q', async () => {
    for (const field of area.filters ?? []) {
      const value = record[field];
      const filter = Array.isArray(value) ? value[0] : value;
      if (filter === undefined) continue;
      expect(await listIds(name, { filter: { [field]: filter } }), `filter ${field}`).toContain(record.id);
    }
    const term = searchTerm(area, record);
    if (term) expect(await listIds(name, { filter: { q: term } })).toContain(record.id);
    expect(await listIds(name, { filter: { q: 'no record contains this 7f3a' } })).toEqual([]);
  });

  it('refuses an unknown sort field and an oversized page', async () => {
    const sort = await api.get(`/api/${name}${listParams({ sort: ['nope', 'ASC'] })}`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toMatch(new RegExp(`^Cannot sort ${name} by 'nope'`));
    const page = await api.get(`/api/${name}${listParams({ range: [0, 500] })}`);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ message: 'Page size is capped at 100.' });
  });

  it('gets the record', async () => {
    const response = await api.get(`/api/${name}/${record.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: record.id, created_at: record.created_at });
  });

  it('updates the record', async () => {
    const field = area.recordLabel ?? Object.keys(area.schema.shape)[0]!;
    // The first wording the field accepts (an SEO path must start with /).
    const value = ['Changed by the test', '/changed-by-the-test'].find((candidate) =>
      area.schema.safeParse({ ...sampleOf(area), [field]: candidate }).success,
    );
    const response = await api.put(`/api/${name}/${record.id}`, { ...record, [field]: value });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: record.id, [field]: value });
  });

  it('answers field errors for an invalid value', async () => {
    const { field, value, message } = invalidField(area, sampleOf(area));
    const response = await api.post(`/api/${name}`, { ...sampleOf(area), [field.split('.')[0]!]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: expect.objectContaining({ [field]: message }) });
    const update = await api.put(`/api/${name}/${record.id}`, { [field.split('.')[0]!]: value });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toMatchObject({ [field]: message });
  });

  it('deletes the record', async () => {
    const response = await api.delete(`/api/${name}/${record.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: record.id });
    expect((await api.get(`/api/${name}/${record.id}`)).statusCode).toBe(404);
  });
});

// Issue #10: an update keeps rich text the record already holds as stored; the first save of a singleton (no record
// yet) and every save that changes it are still cleaned. On a database of its own, so the first save is the first.
describe.each(byKind('singleton').filter(([, area]) => (area.richText ?? []).length > 0))('singleton %s, rich text', (name, area) => {
  let own: TestApp;
  let ownApi: ApiClient;
  beforeAll(async () => {
    own = await setupApp();
    ownApi = apiClient(own.app, await signIn(own.app));
  });
  afterAll(async () => {
    await own.close();
  });

  it('is cleaned on the first save and on a save that changes it, and kept by one that leaves it alone', async () => {
    const field = area.richText![0]!;
    const first = await ownApi.put(`/api/${name}/1`, { ...sampleOf(area), [field]: '<p>First <script>alert(1)</script>save</p>' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()[field]).toBe('<p>First save</p>');
    const changed = await ownApi.put(`/api/${name}/1`, { [field]: '<p onclick="steal()">Changed</p>' });
    expect(changed.json()[field]).toBe('<p>Changed</p>');
    // The whole record sent back, as the console does, the rich text as it was.
    const again = await ownApi.put(`/api/${name}/1`, changed.json<Record<string, unknown>>());
    expect(again.statusCode, again.body).toBe(200);
    expect((await ownApi.get(`/api/${name}/1`)).json()[field]).toBe('<p>Changed</p>');
  });
});

describe.each(byKind('singleton'))('singleton %s', (name, area) => {
  it('answers id 1 before anything is saved, with the defaults, so the edit form opens', async () => {
    const response = await api.get(`/api/${name}/1`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: 1, created_at: null, updated_at: null });
    for (const [field, schema] of Object.entries(area.schema.shape)) {
      const fallback = (schema as z.ZodType).safeParse(undefined);
      if (fallback.success && fallback.data !== undefined) expect(body[field]).toEqual(fallback.data);
    }
  });

  it('saves with PUT /1 and answers the saved record on every read', async () => {
    const sample = sampleOf(area);
    const response = await api.put(`/api/${name}/1`, { id: 1, ...sample });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: 1, ...expectedOf(area, sample), updated_at: expect.any(String) });
    const again = await api.get(`/api/${name}/1`);
    expect(again.json()).toEqual(response.json());
    const list = await api.get(`/api/${name}`);
    expect(list.json()).toEqual([response.json()]);
    expect(list.headers['content-range']).toBe(`${name} 0-0/1`);
  });

  it('keeps one record: a second save updates it', async () => {
    const first = (await api.get(`/api/${name}/1`)).json();
    const response = await api.put(`/api/${name}/1`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 1, created_at: first.created_at });
    expect((await t.db.selectFrom('records').select('id').where('area', '=', name).execute()).length).toBe(1);
  });

  it('answers field errors for an invalid value', async () => {
    const { field, value, message } = invalidField(area, sampleOf(area));
    const response = await api.put(`/api/${name}/1`, { [field.split('.')[0]!]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: expect.objectContaining({ [field]: message }) });
  });

  it('answers 404 for any other id, and has no create or delete', async () => {
    expect((await api.get(`/api/${name}/2`)).json()).toEqual({ message: 'Not Found' });
    expect((await api.put(`/api/${name}/2`, sampleOf(area))).statusCode).toBe(404);
    expect((await api.post(`/api/${name}`, sampleOf(area))).statusCode).toBe(404);
    expect((await api.delete(`/api/${name}/1`)).statusCode).toBe(404);
  });
});

describe.each(byKind('inbox'))('inbox %s', (name, area) => {
  let id: number;

  it('takes a submission from the public website without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/public/${name}`, payload: sampleOf(area) });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ received: true });
    [id] = (await listIds(name, {})) as [number];
  });

  it('refuses an invalid submission with field errors', async () => {
    const { field, value, message } = invalidField(area, sampleOf(area));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/public/${name}`,
      payload: { ...sampleOf(area), [field.split('.')[0]!]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: expect.objectContaining({ [field]: message }) });
  });

  it('lists it, new and unread, by every sortable field', async () => {
    for (const field of ['id', 'created_at', 'updated_at', 'status', 'read', ...(area.sort ?? [])]) {
      const response = await api.get(`/api/${name}${listParams({ sort: [field, 'DESC'], range: [0, 9] })}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-range']).toBe(`${name} 0-0/1`);
      expect(response.json()).toEqual([
        expect.objectContaining({ id, ...expectedOf(area, sampleOf(area)), status: 'new', read: false, notes: null }),
      ]);
    }
    expect(await listIds(name, { filter: { status: 'new', read: false } })).toEqual([id]);
    const term = searchTerm(area, sampleOf(area));
    if (term) expect(await listIds(name, { filter: { q: term } })).toEqual([id]);
  });

  it('counts it as unread', async () => {
    expect((await api.get('/api/forms/unread')).json()).toMatchObject({ [name]: 1 });
  });

  it('marks it read when opened', async () => {
    const response = await api.get(`/api/${name}/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, read: true, status: 'new' });
    expect((await api.get('/api/forms/unread')).json()).toMatchObject({ [name]: 0 });
  });

  it('changes only status and notes, whatever else is sent', async () => {
    const current = (await api.get(`/api/${name}/${id}`)).json();
    const response = await api.put(`/api/${name}/${id}`, { ...current, status: 'in_progress', notes: 'Called back', email: 'changed@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...current, status: 'in_progress', notes: 'Called back', version: current.version + 1, updated_at: expect.any(String) });
  });

  it('exports it as CSV', async () => {
    const response = await api.get(`/api/${name}/export.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    // A reference is followed by what it names: its target's label field (career_id, career_title).
    const withNamed = (field: string) => {
      const target = areas.find((candidate) => candidate.name === optionsOf(area.schema.shape[field]!).references?.area);
      return target?.recordLabel ? [field, `${field.replace(/_id$/, '')}_${target.recordLabel}`] : [field];
    };
    expect(header).toBe(['id', ...Object.keys(area.schema.shape).flatMap(withNamed), 'status', 'read', 'notes', 'created_at', 'updated_at'].join(','));
    expect(row).toMatch(new RegExp(`^${id},`));
  });

  it('has no create from the console', async () => {
    expect((await api.post(`/api/${name}`, sampleOf(area))).statusCode).toBe(404);
  });

  it('deletes it', async () => {
    const response = await api.delete(`/api/${name}/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'in_progress' });
    expect((await api.get(`/api/${name}/${id}`)).statusCode).toBe(404);
  });
});

describe('every route without a token', () => {
  const routes = stored.flatMap((area) => {
    const base = `/api/${area.name}`;
    if (area.kind === 'singleton') return [['GET', base], ['GET', `${base}/1`], ['PUT', `${base}/1`]];
    const common = [['GET', base], ['GET', `${base}/1`], ['PUT', `${base}/1`], ['DELETE', `${base}/1`]];
    if (area.kind === 'inbox') return [...common, ['GET', `${base}/export.csv`]];
    return [...common, ['POST', base], ...(area.ordered ? [['PUT', `${base}/order`]] : [])];
  });
  routes.push(['GET', '/api/forms/unread']);

  it.each(routes)('%s %s answers 401', async (method, url) => {
    const anonymous = apiClient(t.app);
    const response =
      method === 'GET'
        ? await anonymous.get(url)
        : method === 'POST'
          ? await anonymous.post(url, {})
          : method === 'PUT'
            ? await anonymous.put(url, {})
            : await anonymous.delete(url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
  });
});
