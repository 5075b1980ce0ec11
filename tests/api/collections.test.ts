// Ordered areas (drag and drop), and the values lists compute: applications per job posting, banner schedules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, csrf, listParams, setupApp, signIn, storedImage, type ApiClient, type TestApp } from './helpers';

let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await setupApp();
  api = apiClient(t.app, await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

async function create(name: string, body: Record<string, unknown>): Promise<Record<string, unknown> & { id: number }> {
  const response = await api.post(`/api/${name}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const list = async (name: string, params: Parameters<typeof listParams>[0] = {}) => {
  const response = await api.get(`/api/${name}${listParams(params)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<(Record<string, unknown> & { id: number })[]>();
};

describe('ordered areas', () => {
  let ids: number[];

  it('put each new record last, and list by position by default', async () => {
    const created = [];
    for (const title of ['First', 'Second', 'Third']) created.push(await create('features', { title }));
    expect(created.map((record) => record.position)).toEqual([1, 2, 3]);
    ids = created.map((record) => record.id);
    expect((await list('features')).map((record) => record.title)).toEqual(['First', 'Second', 'Third']);
  });

  it('reorder with PUT /order in one go', async () => {
    const order = [ids[2], ids[0], ids[1]];
    const response = await api.put('/api/features/order', { ids: order });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ids: order });
    const records = await list('features');
    expect(records.map((record) => [record.title, record.position])).toEqual([
      ['Third', 1],
      ['First', 2],
      ['Second', 3],
    ]);
  });

  it.each([
    ['a missing record', () => ({ ids: [ids[0], ids[1]] })],
    ['a stranger', () => ({ ids: [...ids, 999_999] })],
    ['a record twice', () => ({ ids: [ids[0], ids[0], ids[1]] })],
    ['no list', () => ({ order: ids })],
    ['ids that are not numbers', () => ({ ids: ['a', 'b', 'c'] })],
  ])('refuse a new order with %s, and keep the old one', async (_label, body) => {
    const response = await api.put('/api/features/order', body());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/order|ids/);
    expect((await list('features')).map((record) => record.title)).toEqual(['Third', 'First', 'Second']);
  });

  it('keep positions apart per area', async () => {
    const counter = await create('counters', { label: 'Projects', value: 10 });
    expect(counter.position).toBe(1);
  });

  it('take concurrent reorders of one area one after another: all answer 200, the last one stands (database probe)', async () => {
    // Each reorder wrote its positions in its own new order, row lock by row lock: two on PostgreSQL deadlocked, and
    // one of them answered 503.
    const partners: number[] = [];
    for (let n = 1; n <= 20; n++) partners.push((await create('partners', { name: `Partner ${n}` })).id);
    const shuffled = (seed: number) => [...partners].sort((a, b) => ((a * 7919 + seed * 104729) % 97) - ((b * 7919 + seed * 104729) % 97) || a - b);
    for (let round = 0; round < 3; round++) {
      const orders = [1, 2, 3, 4].map((client) => shuffled(round * 4 + client));
      const clients = await Promise.all(orders.map(async () => apiClient(t.app, await signIn(t.app))));
      const answers = await Promise.all(orders.map((ids, client) => clients[client]!.put('/api/partners/order', { ids })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const records = await list('partners', { sort: ['position', 'ASC'], range: [0, 99] });
      expect(records.map((record) => record.position)).toEqual(partners.map((_, index) => index + 1));
      expect(orders).toContainEqual(records.map((record) => record.id));
    }
  });

  it('do not offer /order to unordered areas (it is taken for an id)', async () => {
    const response = await api.put('/api/blogs/order', { ids: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The id must be a whole number from 1 to 2147483647.');
  });
});

describe('job postings', () => {
  it('carry applications_count, counted in one grouped query', async () => {
    // Published: visitors apply only to open postings (tests/api/public-forms.test.ts).
    const engineer = await create('careers', { title: 'Site Engineer', department: 'Construction', location: 'Leeds', publication: 'published' });
    const surveyor = await create('careers', { title: 'Quantity Surveyor', department: 'Commercial', location: 'Leeds', publication: 'published' });
    expect(engineer.applications_count).toBe(0);
    const apply = (careerId: number | null, fullName: string) =>
      t.app.inject({ method: 'POST', url: '/api/public/careers-form', payload: { career_id: careerId, full_name: fullName, email: 'a@example.com' } });
    for (const [careerId, fullName] of [[engineer.id, 'A'], [engineer.id, 'B'], [surveyor.id, 'C'], [null, 'D']] as const) {
      expect((await apply(careerId, fullName)).statusCode).toBe(201);
    }
    const records = await list('careers', { sort: ['title', 'ASC'] });
    expect(records.map((record) => [record.title, record.applications_count])).toEqual([
      ['Quantity Surveyor', 1],
      ['Site Engineer', 2],
    ]);
    expect((await api.get(`/api/careers/${engineer.id}`)).json()).toMatchObject({ applications_count: 2 });
    // The console's "applications of this posting" list (ReferenceManyField on career_id).
    const applications = await list('careers-form', { filter: { career_id: engineer.id }, sort: ['id', 'ASC'] });
    expect(applications.map((record) => record.full_name)).toEqual(['A', 'B']);
  });

  it('get a slug from their title', async () => {
    const posting = await create('careers', { title: 'Site Engineer', department: 'Construction', location: 'York' });
    expect(posting.slug).toBe('site-engineer-2');
  });

  it('created at once with one title, each gets its own slug and none is lost', async () => {
    // On PostgreSQL the saves run side by side: each found "crane-operator" free, and the unique index refused all but
    // one or two with "This value is already used", a slug nobody typed (an outside probe). Those run again now.
    const posting = { title: 'Crane Operator', department: 'Construction', location: 'Hull' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.post('/api/careers', posting)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    const slugs = answers.map((answer) => answer.json<{ slug: string }>().slug).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(slugs).toEqual(['crane-operator', ...Array.from({ length: 11 }, (_, index) => `crane-operator-${index + 2}`)]);
    const stored = await list('careers', { filter: { q: 'crane operator' }, range: [0, 99] });
    expect(stored).toHaveLength(12);
    // A slug the client chose is still its own: taken, it is refused, never changed.
    const typed = await api.post('/api/careers', { ...posting, slug: 'crane-operator-3' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ errors: { slug: 'URL slug is already used by another entry: choose another, or leave it empty to have one made' } });
  });

  it('refuse a slug that is not text, on create and on update, and keep the address stored', async () => {
    // A number, a yes/no, a list or an object was taken as an empty slug and a new one made from the title: a
    // published posting moved to a new address, its old one answering 404 (an outside probe).
    const posting = await create('careers', { title: 'Plant Fitter', department: 'Construction', location: 'Hull', slug: 'plant-fitter-hull' });
    for (const slug of [123, true, ['a'], { a: 1 }]) {
      const created = await api.post('/api/careers', { title: 'Plant Fitter', department: 'Construction', location: 'Hull', slug });
      expect(created.statusCode, JSON.stringify(slug)).toBe(400);
      expect(created.json()).toEqual({ message: 'Please check the form for errors', errors: { slug: 'URL slug must be text' } });
      const updated = await api.put(`/api/careers/${posting.id}`, { title: 'Plant Fitter (renamed)', slug });
      expect(updated.statusCode, JSON.stringify(slug)).toBe(400);
      expect(updated.json()).toEqual({ message: 'Please check the form for errors', errors: { slug: 'URL slug must be text' } });
    }
    expect((await api.get(`/api/careers/${posting.id}`)).json()).toMatchObject({ title: 'Plant Fitter', slug: 'plant-fitter-hull' });
    expect(await list('careers', { filter: { q: 'plant fitter' } })).toHaveLength(1);
    // Null and blank are still "make one", as documented.
    const made = await api.put(`/api/careers/${posting.id}`, { slug: '  ' });
    expect(made.json()).toMatchObject({ slug: 'plant-fitter' });
  });
});

describe('banners', () => {
  const day = 86_400_000;
  const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
  const date = (offset: number) => iso(offset).slice(0, 10);
  const banner = (title: string, extra: Record<string, unknown>) => create('banners', { title, placement: 'homepage_top', ...extra });

  beforeAll(async () => {
    await banner('Always', {});
    await banner('Running', { starts_at: iso(-day), ends_at: iso(day) });
    await banner('Ends today', { starts_at: date(-3 * day), ends_at: date(0) });
    await banner('Starts today', { starts_at: date(0) });
    await banner('Next week', { starts_at: iso(7 * day), ends_at: iso(14 * day) });
    await banner('Last week', { starts_at: iso(-14 * day), ends_at: iso(-7 * day) });
    await banner('Yesterday', { ends_at: date(-day) });
    await banner('Switched off', { active: false, starts_at: iso(-day), ends_at: iso(day) });
  });

  it('carry a schedule computed now', async () => {
    const records = await list('banners', { sort: ['title', 'ASC'] });
    expect(Object.fromEntries(records.map((record) => [record.title, record.schedule]))).toEqual({
      Always: 'live',
      Running: 'live',
      'Ends today': 'live',
      'Starts today': 'live',
      'Next week': 'upcoming',
      'Last week': 'expired',
      Yesterday: 'expired',
      'Switched off': 'inactive',
    });
  });

  it.each([
    ['live', ['Always', 'Ends today', 'Running', 'Starts today']],
    ['upcoming', ['Next week']],
    ['expired', ['Last week', 'Yesterday']],
    ['inactive', ['Switched off']],
  ])('filter by schedule %s, in the database the same way', async (schedule, titles) => {
    const records = await list('banners', { filter: { schedule }, sort: ['title', 'ASC'] });
    expect(records.map((record) => record.title)).toEqual(titles);
    expect(records.every((record) => record.schedule === schedule)).toBe(true);
  });

  it('refuse an unknown schedule', async () => {
    const response = await api.get(`/api/banners${listParams({ filter: { schedule: 'soon' } })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The filter 'schedule' must be one of: live, upcoming, expired, inactive." });
  });

  it('refuse an end before the start, on the end field', async () => {
    const response = await api.post('/api/banners', { title: 'Backwards', placement: 'sidebar', starts_at: iso(day), ends_at: iso(-day) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please check the form for errors', errors: { ends_at: 'End must be after start' } });
  });
});

describe('uploaded-file fields', () => {
  it('accept our uploads and web addresses, and refuse script URLs', async () => {
    const ok = await api.post('/api/partners', { name: 'Acme', logo: { src: await storedImage(t.db), title: 'acme.png' } });
    expect(ok.statusCode).toBe(201);
    const web = await api.post('/api/partners', { name: 'Web', logo: { src: 'https://cdn.example.com/logo.png' } });
    expect(web.statusCode).toBe(201);
    const bad = await api.post('/api/partners', { name: 'Evil', logo: { src: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Please check the form for errors',
      errors: { 'logo.src': 'The file must be an upload or a web address' },
    });
    const gallery = await api.post('/api/projects', {
      title: 'Gallery',
      category: 'residential',
      status: 'completed',
      gallery: [{ src: '/ok.png' }, { src: '//evil.example/x.png' }],
    });
    expect(gallery.statusCode).toBe(400);
    expect(gallery.json().errors).toEqual({ 'gallery.1.src': 'The file must be an upload or a web address' });
  });

  it("refuse a backslash in the address, and control or broken characters in the address, name or type", async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      // A browser reads /\evil.example/x.png as http://evil.example/x.png.
      [{ src: '/\\evil.example/x.png' }, { 'logo.src': 'The file must be an upload or a web address' }],
      [{ src: 'https://evil.example/a\\b.png' }, { 'logo.src': 'The file must be an upload or a web address' }],
      [{ src: 'https://cdn.example.com/a\u0001b.png' }, { 'logo.src': 'The file address contains a control character (such as NUL) that cannot be stored' }],
      [{ src: '/logo.png', title: 'Sunrise\u0000' }, { 'logo.title': 'The file name contains a control character (such as NUL) that cannot be stored' }],
      [{ src: '/logo.png', title: 'Sunrise \ud800' }, { 'logo.title': 'The file name contains half of an emoji or symbol (a broken character) that cannot be stored' }],
      [{ src: '/logo.png', mime: 'text/html\u0007' }, { 'logo.mime': 'The file type contains a control character (such as NUL) that cannot be stored' }],
    ];
    for (const [logo, errors] of cases) {
      const response = await api.post('/api/partners', { name: 'Evil', logo });
      expect(response.statusCode, JSON.stringify(logo)).toBe(400);
      expect(response.json()).toEqual({ message: 'Please check the form for errors', errors });
    }
    const fine = await api.post('/api/partners', { name: 'Fine', logo: { src: await storedImage(t.db), title: 'Façade 🏗️.png', mime: 'image/png' } });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().logo.title).toBe('Façade 🏗️.png');
  });
});

describe('deleting the way react-admin does', () => {
  // ra-data-simple-rest sends DELETE with `Content-Type: text/plain` and no body; that must not be a 415.
  it('accepts a body-less DELETE labelled text/plain, and still refuses a text body', async () => {
    const record = await create('features', { title: 'Temporary' });
    const token = await signIn(t.app);
    const csrfPair = csrf();
    const send = (payload?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/features/${record.id}`,
        cookies: csrfPair.cookies,
        headers: { ...csrfPair.headers, authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        ...(payload !== undefined && { payload }),
      });

    const withText = await send('please');
    expect(withText.statusCode).toBe(415);
    expect(withText.json()).toEqual({ message: "The content type 'text/plain' is not supported here." });

    const deleted = await send();
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: record.id, title: 'Temporary' });
    expect((await api.get(`/api/features/${record.id}`)).statusCode).toBe(404);
  });
});
