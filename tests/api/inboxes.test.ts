// The Forms inboxes: public submissions, triage (read, status, notes), date filters, CSV export, unread badges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { buildAreaModels } from '../../server/areas/model';
import { createSubmission } from '../../server/areas/records';
import { apiClient, exportedColumn, listParams, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

const models = buildAreaModels(areas);
const model = (name: string) => models.find((candidate) => candidate.name === name)!;

const FORM_ERROR = 'Please check the form for errors';

let t: TestApp;
let api: ApiClient;
let token: string;
beforeAll(async () => {
  t = await setupApp();
  token = await signIn(t.app);
  api = apiClient(t.app, token);
});
afterAll(async () => {
  await t.close();
});

const contact = (extra: Record<string, unknown> = {}) => ({
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'A question',
  message: 'Hello',
  ...extra,
});

/** Submits and answers the new record's id, read from the inbox (the website's answer carries none). */
async function submit(name: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: `/api/public/${name}`, payload });
  expect(response.statusCode, response.body).toBe(201);
  const [newest] = (await api.get(`/api/${name}${listParams({ sort: ['id', 'DESC'], range: [0, 0] })}`)).json<{ id: number }[]>();
  return newest!.id;
}

describe('public submissions', () => {
  it('are the only writes exempt from the CSRF check', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/blogs', payload: { title: 'x' } });
    expect(response.statusCode).toBe(403);
  });

  it('need neither a token nor a CSRF token, and answer only that they were received', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/public/contact-us-form', payload: contact() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
  });

  it('ignore status, notes and read sent by the visitor', async () => {
    const id = await submit('contact-us-form', contact({ status: 'closed', read: true, notes: 'hi', id: 5 }));
    expect((await api.get(`/api/contact-us-form/${id}`)).json()).toMatchObject({ id, status: 'new', notes: null });
  });

  it('are validated by the area’s schema', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/public/contact-us-form', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: FORM_ERROR,
      errors: {
        full_name: 'Full name is required',
        email: 'Email must be a valid email address',
        subject: 'Subject is required',
        message: 'Message is required',
      },
    });
  });

  it('may attach only a file sent with the form, never one named by address (tests/api/public-forms.test.ts)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/careers-form',
      payload: { full_name: 'Eve', email: 'eve@example.com', cv: { src: 'https://evil.example/cv.pdf' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: FORM_ERROR,
      errors: { cv: 'Send the file itself with the form (multipart/form-data), not a reference to one' },
    });
  });

  it('exist only for inboxes', async () => {
    for (const name of ['blogs', 'hero', 'nope']) {
      const response = await t.app.inject({ method: 'POST', url: `/api/public/${name}`, payload: { title: 'x' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found' });
    }
    expect(await t.db.selectFrom('records').select('id').where('area', 'in', ['blogs', 'hero']).execute()).toEqual([]);
  });

  it('are rate limited per IP, all forms together', async () => {
    const limited = await setupApp({ publicFormRateLimit: 2 });
    try {
      const post = (name: string, payload: Record<string, unknown>) => limited.app.inject({ method: 'POST', url: `/api/public/${name}`, payload });
      expect((await post('contact-us-form', contact())).statusCode).toBe(201);
      expect((await post('careers-form', { full_name: 'A', email: 'a@example.com' })).statusCode).toBe(201);
      const third = await post('contact-us-form', contact());
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'Too many submissions. Please wait a minute and try again.' });
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('triage', () => {
  let id: number;
  beforeAll(async () => {
    id = await submit('project-form', {
      full_name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+1 555 0100',
      project_type: 'commercial',
      location: 'Arlington',
      message: 'A new office',
    });
  });

  it('opening marks read without touching updated_at', async () => {
    const [before] = (await api.get(`/api/project-form${listParams({ filter: { id: [id] } })}`)).json();
    expect(before).toMatchObject({ read: false });
    const opened = (await api.get(`/api/project-form/${id}`)).json();
    expect(opened).toMatchObject({ id, read: true, updated_at: before.updated_at });
  });

  it('can be marked unread again', async () => {
    const response = await api.put(`/api/project-form/${id}`, { read: false });
    expect(response.json()).toMatchObject({ read: false, status: 'new' });
  });

  it('is not marked read by a HEAD: only opening it (GET) is', async () => {
    // A HEAD (curl -I, a link checker) must have no side effect; it answers as the GET would, headers only.
    const head = await t.app.inject({ method: 'HEAD', url: `/api/project-form/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect([head.statusCode, head.body]).toEqual([200, '']);
    const [listed] = (await api.get(`/api/project-form${listParams({ filter: { id: [id] } })}`)).json();
    expect(listed).toMatchObject({ id, read: false });
    expect((await api.get(`/api/project-form/${id}`)).json()).toMatchObject({ id, read: true });
    expect((await api.put(`/api/project-form/${id}`, { read: false })).json()).toMatchObject({ read: false });
  });

  it('status and notes change independently', async () => {
    expect((await api.put(`/api/project-form/${id}`, { notes: 'Site visit Tuesday' })).json()).toMatchObject({ notes: 'Site visit Tuesday', status: 'new' });
    expect((await api.put(`/api/project-form/${id}`, { status: 'closed' })).json()).toMatchObject({ notes: 'Site visit Tuesday', status: 'closed' });
  });

  it('refuse an unknown status with a field error', async () => {
    const response = await api.put(`/api/project-form/${id}`, { status: 'archived' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: { status: 'Status must be one of: new, in_progress, closed' } });
  });

  it('filters by status and read', async () => {
    const ids = (params: Record<string, unknown>) =>
      api.get(`/api/project-form${listParams({ filter: params })}`).then((response) => response.json().map((record: { id: number }) => record.id));
    expect(await ids({ status: 'closed' })).toEqual([id]);
    expect(await ids({ status: 'new' })).toEqual([]);
    expect(await ids({ read: 'false' })).toEqual([id]);
  });
});

describe('date filters', () => {
  beforeAll(async () => {
    const times = ['2024-03-01T08:00:00.000Z', '2024-03-02T23:59:59.999Z', '2024-03-03T00:00:00.000Z'];
    for (const [index, time] of times.entries()) {
      await createSubmission(t.db, model('careers-form'), { full_name: `Dated ${index}`, email: 'd@example.com' }, { now: new Date(time) });
    }
  });

  const names = (filter: Record<string, unknown>) =>
    api
      .get(`/api/careers-form${listParams({ filter: { q: 'Dated', ...filter }, sort: ['created_at', 'ASC'] })}`)
      .then((response) => response.json().map((record: { full_name: string }) => record.full_name));

  it('include the whole days given', async () => {
    expect(await names({ created_at_gte: '2024-03-02' })).toEqual(['Dated 1', 'Dated 2']);
    expect(await names({ created_at_lte: '2024-03-02' })).toEqual(['Dated 0', 'Dated 1']);
    expect(await names({ created_at_gte: '2024-03-01', created_at_lte: '9999-12-31' })).toEqual(['Dated 0', 'Dated 1', 'Dated 2']);
    expect(await names({ created_at_gte: '2024-03-02', created_at_lte: '2024-03-02' })).toEqual(['Dated 1']);
  });

  it('take a date and time as an exact bound', async () => {
    expect(await names({ created_at_lte: '2024-03-01T08:00:00.000Z' })).toEqual(['Dated 0']);
  });

  it('take an offset, read as the instant it names', async () => {
    expect(await names({ created_at_lte: '2024-03-01T10:00+02:00' })).toEqual(['Dated 0']);
  });

  it('refuse what is not a date, even what Date.parse would read as one', async () => {
    // Date.parse reads '0' as the year 2000, '-1' as 2001, 'June 15, 2026' as a date, and 2026-02-30 as 2 March.
    for (const value of ['yesterday', '0', '-1', 'June 15, 2026', '2026-02-30', '2026-13-01', '2024-03-01T25:00']) {
      const response = await api.get(`/api/careers-form${listParams({ filter: { created_at_gte: value } })}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json()).toEqual({ message: "The filter 'created_at_gte' must be a date (YYYY-MM-DD) or a date and time (ISO 8601)." });
    }
  });

  it('exist only on inboxes', async () => {
    const response = await api.get(`/api/blogs${listParams({ filter: { created_at_gte: '2024-01-01' } })}`);
    expect(response.statusCode).toBe(400);
  });
});

describe('CSV export', () => {
  it('escapes quotes, commas and line breaks, neutralizes formulas, and names the file by date', async () => {
    await submit('contact-us-form', {
      full_name: '=HYPERLINK("http://evil.example","Click")',
      email: 'csv@example.com',
      phone: '+44 20 7946 0000',
      subject: 'Hello, "friend"',
      message: 'Line one\nLine two',
    });
    const response = await api.get(`/api/contact-us-form/export.csv${listParams({ filter: { q: 'csv@example.com' } })}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="contact-us-form-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body.startsWith('\uFEFFid,full_name,email,phone,subject,message,status,read,notes,created_at,updated_at\r\n')).toBe(true);
    const row = body.split('\r\n')[1]!;
    expect(row).toMatch(
      /^\d+,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",csv@example\.com,'\+44 20 7946 0000,"Hello, ""friend""","Line one\nLine two/,
    );
    expect(body).toContain('Line two",new,false,,');
  });

  it("names each application's job posting by its title beside its id, and leaves it empty once the posting is deleted", async () => {
    const posting = async (title: string) =>
      (await api.post('/api/careers', { title, department: 'Engineering', location: 'Leeds' })).json<{ id: number }>().id;
    const [site, quantity] = [await posting('Site Manager, "North"'), await posting('Quantity Surveyor')];
    const apply = (name: string, career_id: number | null) =>
      createSubmission(t.db, model('careers-form'), { career_id, full_name: name, email: 'named@example.com' });
    await apply('Ana Site', site);
    await apply('Ben Quantity', quantity);
    await apply('Cleo Open', null);
    const exported = async () => {
      const response = await api.get(`/api/careers-form/export.csv${listParams({ filter: { q: 'named@' }, sort: ['id', 'ASC'] })}`);
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(header).toBe('id,career_id,career_title,full_name,email,phone,message,cv,status,read,notes,created_at,updated_at');
      // Each row's cells from career_id to full_name.
      const cell = '(?:[^,"]*|"(?:[^"]|"")*")';
      return rows.map((row) => new RegExp(`^\\d+,(${cell},${cell},${cell}),`).exec(row)?.[1]);
    };
    const siteRow = `${site},"Site Manager, ""North""",Ana Site`;
    expect(await exported()).toEqual([siteRow, `${quantity},Quantity Surveyor,Ben Quantity`, ',,Cleo Open']);
    expect((await api.delete(`/api/careers/${quantity}`)).statusCode).toBe(200);
    expect(await exported()).toEqual([siteRow, `${quantity},,Ben Quantity`, ',,Cleo Open']);
  });

  it('exports every matching row, beyond one page', async () => {
    for (let i = 0; i < 105; i++) {
      await createSubmission(t.db, model('contact-us-form'), { full_name: `Bulk ${i}`, email: 'bulk@example.com', subject: 's', message: 'm' });
    }
    const response = await api.get(`/api/contact-us-form/export.csv${listParams({ filter: { q: 'bulk@' } })}`);
    expect(response.body.trim().split('\r\n')).toHaveLength(106);
  });

  it('exports more records than it reads at a time, each once, in the order asked for', async () => {
    // 1,203 messages: the export reads 500 at a time (routes/resources.ts), so three batches, the last a partial one.
    const names: string[] = [];
    for (let i = 0; i < 1203; i++) {
      const name = `Batch ${String(i).padStart(4, '0')}`;
      names.push(name);
      await createSubmission(t.db, model('contact-us-form'), { full_name: name, email: 'batch@example.com', subject: 's', message: 'm' });
    }
    const exported = (order: 'ASC' | 'DESC') =>
      exportedColumn(
        api,
        `/api/contact-us-form/export.csv${listParams({ filter: { q: 'batch@' }, sort: ['full_name', order] })}`,
        'id,full_name,email,phone,subject,message,status,read,notes,created_at,updated_at',
        1,
      );
    expect(await exported('ASC')).toEqual(names);
    expect(await exported('DESC')).toEqual([...names].reverse());
  });

  it('refuses an unknown filter', async () => {
    const response = await api.get(`/api/contact-us-form/export.csv${listParams({ filter: { password: 'x' } })}`);
    expect(response.statusCode).toBe(400);
  });
});

describe('unread counts', () => {
  it('answer each inbox by name', async () => {
    const fresh = await setupApp();
    try {
      const client = apiClient(fresh.app, await signIn(fresh.app));
      const post = (name: string, payload: Record<string, unknown>) => fresh.app.inject({ method: 'POST', url: `/api/public/${name}`, payload });
      await post('contact-us-form', contact());
      await post('contact-us-form', contact());
      await post('careers-form', { full_name: 'A', email: 'a@example.com' });
      const [newest] = (await client.get(`/api/contact-us-form${listParams({ sort: ['id', 'DESC'] })}`)).json();
      await client.get(`/api/contact-us-form/${newest.id}`);
      const response = await client.get('/api/forms/unread');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ 'careers-form': 1, 'project-form': 0, 'contact-us-form': 1 });
    } finally {
      await fresh.close();
    }
  });
});
