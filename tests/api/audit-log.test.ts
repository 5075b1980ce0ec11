// The audit log (issue #9): every sign-in (and failure), sign-out, password change and reset, create, update and
// delete is recorded with who, what, when, from where and which fields changed — never a password or a hash — and
// read back filtered, sorted and as CSV. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertAuditEntry } from '../../server/repositories/audit';
import { recordSignInFailure } from '../../server/repositories/sign-in-attempts';
import { seedSampleContent } from '../../server/seed';
import { AUTH_REQUIRED, csrf, exportedColumn, listParams, setupApp, USER, type TestApp } from './helpers';
import type { StoredAuditEntry } from '../../server/repositories/audit';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// An entry as the API answers it: the repository's shape.
type Entry = StoredAuditEntry;

const HOME = '198.51.100.7';
const OFFICE = '203.0.113.40';
const NEW_PASSWORD = 'Kestrel-Harbour-917';
const RESET_PASSWORD = 'Quartz-Meadow-4402';
const MY_NEW_PASSWORD = 'Lantern-Orchid-5530';
const WRONG_PASSWORD = 'Wrong-Guess-0001';

/** Requests as the console sends them, from a given client address. */
function client(app: FastifyInstance, remoteAddress: string, token?: string) {
  const pair = csrf();
  const request = (method: Method, url: string, payload?: InjectOptions['payload'], headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      remoteAddress,
      ...(payload !== undefined && { payload }),
      cookies: pair.cookies,
      headers: { ...pair.headers, ...(token && { authorization: `Bearer ${token}` }), ...headers },
    });
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: InjectOptions['payload']) => request('POST', url, payload),
    put: (url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) => request('PUT', url, payload, headers),
    delete: (url: string, headers?: Record<string, string>) => request('DELETE', url, undefined, headers),
  };
}

async function signInFrom(app: FastifyInstance, address: string, email = USER.email, password = USER.password) {
  return client(app, address).post('/api/login', { email, password });
}

let t: TestApp;
let api: ReturnType<typeof client>;

/** The entries written since `after` (an id), oldest first, as the API answers them. */
async function entriesAfter(after = 0): Promise<Entry[]> {
  const response = await api.get(`/api/audit-log${listParams({ sort: ['id', 'ASC'], range: [0, 99], filter: {} })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Entry[]>().filter((entry) => entry.id > after);
}

async function lastId(): Promise<number> {
  const rows = await t.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).execute();
  return rows.length > 0 ? Number(rows[0]!.id) : 0;
}

const by = (overrides: Partial<Entry>) => ({
  id: expect.any(Number),
  at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  user_id: t.userId,
  user_name: USER.name,
  area: null,
  record_id: null,
  record_label: null,
  fields: null,
  ip: HOME,
  email: null,
  ...overrides,
});

beforeAll(async () => {
  t = await setupApp();
  const response = await signInFrom(t.app, HOME);
  expect(response.statusCode, response.body).toBe(200);
  api = client(t.app, HOME, response.json<{ access_token: string }>().access_token);
});
afterAll(async () => {
  await t.close();
});

describe('what the audit log records', () => {
  it('a sign-in, with the address and the email', async () => {
    expect(await entriesAfter()).toEqual([by({ action: 'sign-in', email: USER.email })]);
  });

  it('failed sign-ins: a known account by its user, an unknown one by the email alone, each with its address', async () => {
    const before = await lastId();
    expect((await signInFrom(t.app, OFFICE, USER.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signInFrom(t.app, OFFICE, 'Nobody@Example.test', WRONG_PASSWORD)).statusCode).toBe(401);
    expect(await entriesAfter(before)).toEqual([
      by({ action: 'sign-in-failed', email: USER.email, ip: OFFICE }),
      by({ action: 'sign-in-failed', user_id: null, user_name: null, email: 'nobody@example.test', ip: OFFICE }),
    ]);
  });

  it('a create, an update (the fields whose values changed) and a delete, by record and label', async () => {
    const before = await lastId();
    const created = await api.post('/api/partners', { name: 'Northgate', website: 'https://northgate.example.com' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    // `website` sent again unchanged: only `name` changed.
    const updated = await api.put(`/api/partners/${id}`, { name: 'Northgate Developments', website: 'https://northgate.example.com' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await api.delete(`/api/partners/${id}`)).statusCode).toBe(200);
    const what = { area: 'partners', record_id: id };
    expect(await entriesAfter(before)).toEqual([
      by({ action: 'create', ...what, record_label: 'Northgate', fields: ['name', 'website', 'active'] }),
      by({ action: 'update', ...what, record_label: 'Northgate Developments', fields: ['name'] }),
      by({ action: 'delete', ...what, record_label: 'Northgate Developments' }),
    ]);
  });

  it('a singleton save, by the area name, with the fields it changed', async () => {
    // Another record first, so that the row the singleton's first save makes is not row 1.
    expect((await api.post('/api/features', { title: 'Before the singleton' })).statusCode).toBe(201);
    const before = await lastId();
    const saved = await api.put('/api/contact-us/1', { facebook: 'https://facebook.com/cornerstone' });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await api.put('/api/contact-us/1', { facebook: 'https://facebook.com/cornerstone', youtube: 'https://youtube.com/@cornerstone' });
    expect(again.statusCode, again.body).toBe(200);
    // By the id the API answers it by (/api/contact-us/1), not the row that holds it, so that the console's link
    // and a filter by record_id find it.
    const [row] = await t.db.selectFrom('records').select('id').where('area', '=', 'contact-us').execute();
    expect(Number(row!.id)).not.toBe(1);
    expect(await entriesAfter(before)).toEqual([
      by({ action: 'update', area: 'contact-us', record_id: 1, record_label: 'Contact Information', fields: ['facebook'] }),
      by({ action: 'update', area: 'contact-us', record_id: 1, record_label: 'Contact Information', fields: ['youtube'] }),
    ]);
    const filtered = await api.get(`/api/audit-log${listParams({ filter: { area: 'contact-us', record_id: 1 } })}`);
    expect(filtered.json<Entry[]>().map((entry) => entry.fields)).toEqual([['youtube'], ['facebook']]);
  });

  it('an inbox: not the website post, not opening it, not marking it read; its status and notes are', async () => {
    const before = await lastId();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact-us-form',
      remoteAddress: '192.0.2.55',
      payload: { full_name: 'Amira Haddad', email: 'amira@example.test', subject: 'A quote', message: 'Please call me.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    // The website is answered no id: the newest submission is the one.
    const [newest] = await t.db.selectFrom('records').select('id').where('area', '=', 'contact-us-form').orderBy('id', 'desc').limit(1).execute();
    const id = Number(newest!.id);
    expect((await api.get(`/api/contact-us-form/${id}`)).statusCode).toBe(200);
    const unread = await api.put(`/api/contact-us-form/${id}`, { read: false });
    expect(unread.statusCode, unread.body).toBe(200);
    expect(await entriesAfter(before)).toEqual([]);
    expect((await api.put(`/api/contact-us-form/${id}`, { status: 'in_progress', notes: 'Called back' })).statusCode).toBe(200);
    expect(await entriesAfter(before)).toEqual([
      by({ action: 'update', area: 'contact-us-form', record_id: id, record_label: 'Amira Haddad', fields: ['status', 'notes'] }),
    ]);
  });

  it('not the sample content written at first start (no user wrote it)', async () => {
    const r = await setupApp();
    try {
      const seeding = await seedSampleContent(r.db);
      expect(seeding.seeded).toBe(true);
      expect(await r.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    } finally {
      await r.close();
    }
  });

  it('not a new order', async () => {
    const ids: number[] = [];
    for (const name of ['Apex', 'Stonebridge']) ids.push((await api.post('/api/partners', { name })).json<{ id: number }>().id);
    const before = await lastId();
    expect((await api.put('/api/partners/order', { ids: [...ids].reverse() })).statusCode).toBe(200);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('nothing for a refused write (400, 409) or one that found nothing (404)', async () => {
    const partner = (await api.post('/api/partners', { name: 'Greenroof' })).json<{ id: number }>();
    const before = await lastId();
    expect((await api.post('/api/partners', { name: '' })).statusCode).toBe(400);
    expect((await api.put(`/api/partners/${partner.id}`, { website: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await api.put(`/api/partners/${partner.id}`, { name: 'Changed' })).statusCode).toBe(200);
    const after = await lastId();
    // A stale copy that changes the same field to something else: 409, nothing written.
    expect((await api.put(`/api/partners/${partner.id}`, { name: 'Other' }, { 'if-match': '"1"' })).statusCode).toBe(409);
    expect((await api.delete(`/api/partners/${partner.id}`, { 'if-match': '"1"' })).statusCode).toBe(409);
    expect((await api.delete('/api/partners/999999')).statusCode).toBe(404);
    expect((await api.post('/api/users-management', { name: 'Taken', email: USER.email, password: NEW_PASSWORD, current_password: USER.password })).statusCode).toBe(400);
    expect((await api.put(`/api/users-management/${t.userId}`, { password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await entriesAfter(before)).map((entry) => entry.action)).toEqual(['update']);
    expect(await lastId()).toBe(after);
  });

  it('users: create, update, a password reset of someone else, your own password change, delete; the name outlives the user', async () => {
    const before = await lastId();
    const created = await api.post('/api/users-management', { name: 'Lin Park', email: 'Lin@Example.test', password: NEW_PASSWORD, current_password: USER.password });
    expect(created.statusCode, created.body).toBe(201);
    const lin = created.json<{ id: number }>().id;
    const reset = await api.put(`/api/users-management/${lin}`, { name: 'Lin Park-Moreau', password: RESET_PASSWORD, current_password: USER.password });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await api.put(`/api/users-management/${lin}`, { password: NEW_PASSWORD, current_password: USER.password })).statusCode).toBe(200);

    // Lin signs in from elsewhere, writes something, and is then deleted: the entries keep her name.
    const signedIn = await signInFrom(t.app, OFFICE, 'lin@example.test', NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const linApi = client(t.app, OFFICE, signedIn.json<{ access_token: string }>().access_token);
    const own = await linApi.put(`/api/users-management/${lin}`, { password: MY_NEW_PASSWORD, current_password: NEW_PASSWORD });
    expect(own.statusCode, own.body).toBe(200);
    const partner = (await linApi.post('/api/partners', { name: 'Apex Steel' })).json<{ id: number }>();
    expect((await linApi.post('/api/logout')).statusCode).toBe(204);
    expect((await api.delete(`/api/users-management/${lin}`)).statusCode).toBe(200);

    const user = { area: 'users-management', record_id: lin };
    const asLin = { user_id: lin, user_name: 'Lin Park-Moreau', ip: OFFICE };
    expect(await entriesAfter(before)).toEqual([
      by({ action: 'create', ...user, record_label: 'Lin Park', fields: ['name', 'email', 'active'] }),
      by({ action: 'update', ...user, record_label: 'Lin Park-Moreau', fields: ['name'] }),
      by({ action: 'password-reset', ...user, record_label: 'Lin Park-Moreau' }),
      by({ action: 'password-reset', ...user, record_label: 'Lin Park-Moreau' }),
      by({ action: 'sign-in', ...asLin, email: 'lin@example.test' }),
      by({ action: 'password-change', ...asLin, ...user, record_label: 'Lin Park-Moreau' }),
      by({ action: 'create', ...asLin, area: 'partners', record_id: partner.id, record_label: 'Apex Steel', fields: ['name', 'active'] }),
      by({ action: 'sign-out', ...asLin }),
      by({ action: 'delete', ...user, record_label: 'Lin Park-Moreau' }),
    ]);
  });

  it('an unlock of an account that failed sign-ins locked, by the user and address; a refused one writes nothing', async () => {
    const created = await api.post('/api/users-management', { name: 'Kai Locked', email: 'kai@example.test', password: NEW_PASSWORD, current_password: USER.password });
    expect(created.statusCode, created.body).toBe(201);
    const kai = created.json<{ id: number }>().id;
    for (let i = 0; i < 10; i += 1) await recordSignInFailure(t.db, { account: 'kai@example.test', address: OFFICE }, new Date(Date.now() - i * 1000));
    const before = await lastId();
    expect((await api.post(`/api/users-management/${kai}/unlock`, { current_password: WRONG_PASSWORD })).statusCode).toBe(400);
    expect((await api.post(`/api/users-management/${t.userId}/unlock`, { current_password: USER.password })).statusCode).toBe(400);
    const unlocked = await api.post(`/api/users-management/${kai}/unlock`, { current_password: USER.password });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await entriesAfter(before)).toEqual([by({ action: 'unlock', area: 'users-management', record_id: kai, record_label: 'Kai Locked' })]);
  });

  it('never a password or a password hash, in any column of any entry', async () => {
    const rows = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    const dump = JSON.stringify(rows);
    for (const secret of [USER.password, NEW_PASSWORD, RESET_PASSWORD, MY_NEW_PASSWORD, WRONG_PASSWORD]) expect(dump).not.toContain(secret);
    const hashes = await t.db.selectFrom('users').select('password_hash').execute();
    expect(hashes.length).toBeGreaterThan(0);
    for (const { password_hash: hash } of hashes) expect(dump).not.toContain(hash);
    expect(dump).not.toMatch(/password_hash|current_password|scrypt|argon/i);
  });

  it('a sign-out', async () => {
    const token = (await signInFrom(t.app, OFFICE)).json<{ access_token: string }>().access_token;
    const before = await lastId();
    expect((await client(t.app, OFFICE, token).post('/api/logout')).statusCode).toBe(204);
    expect(await entriesAfter(before)).toEqual([by({ action: 'sign-out', ip: OFFICE })]);
  });
});

describe('reading the audit log', () => {
  const list = (params: Parameters<typeof listParams>[0]) => api.get(`/api/audit-log${listParams(params)}`);

  it('newest first by default, a page at a time, with the total in Content-Range', async () => {
    const total = Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const response = await list({ range: [0, 4] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe(`audit-log 0-4/${total}`);
    const ids = response.json<Entry[]>().map((entry) => entry.id);
    const newest = await t.db.selectFrom('audit_log').select('id').orderBy('at', 'desc').orderBy('id', 'desc').limit(5).execute();
    expect(ids).toEqual(newest.map((row) => Number(row.id)));
    const ats = response.json<Entry[]>().map((entry) => entry.at);
    expect(ats).toEqual([...ats].sort().reverse());
  });

  it('filters by action, user, area, record, text and dates, and sorts by who', async () => {
    const failed = (await list({ filter: { action: 'sign-in-failed' } })).json<Entry[]>();
    expect(failed.map((entry) => entry.email)).toEqual(['nobody@example.test', USER.email]);

    const unknown = (await list({ filter: { action: 'sign-in-failed', q: 'NOBODY' } })).json<Entry[]>();
    expect(unknown.map((entry) => entry.email)).toEqual(['nobody@example.test']);

    const mine = (await list({ filter: { user_id: t.userId, area: 'contact-us' } })).json<Entry[]>();
    expect(mine.map((entry) => entry.fields)).toEqual([['youtube'], ['facebook']]);

    const byLabel = (await list({ filter: { q: 'northgate', action: 'update' } })).json<Entry[]>();
    expect(byLabel.map((entry) => entry.record_label)).toEqual(['Northgate Developments']);

    const record = byLabel[0]!.record_id;
    const history = (await list({ filter: { area: 'partners', record_id: record }, sort: ['id', 'ASC'] })).json<Entry[]>();
    expect(history.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);

    const today = new Date().toISOString().slice(0, 10);
    const dated = await list({ filter: { from: today, to: today, action: 'sign-out' } });
    expect(dated.headers['content-range']).toBe('audit-log 0-1/2');
    expect((await list({ filter: { to: '2000-01-01' } })).headers['content-range']).toBe('audit-log */0');
    // The last day there is includes everything up to it (its next day, +010000-01-01, compared before every date).
    const all = (await list({})).headers['content-range']?.split('/')[1];
    expect((await list({ filter: { to: '9999-12-31' } })).headers['content-range']?.split('/')[1]).toBe(all);
    expect((await list({ filter: { from: '2999-01-01T00:00:00Z' } })).json()).toEqual([]);

    const names = (await list({ sort: ['user_name', 'ASC'], filter: { action: 'sign-in' } })).json<Entry[]>().map((entry) => entry.user_name);
    expect(names).toEqual([USER.name, USER.name, 'Lin Park-Moreau']);
  });

  it('refuses unknown filters, actions, dates and sorts with a message (400)', async () => {
    const action = await list({ filter: { action: 'drop' } });
    expect(action.statusCode).toBe(400);
    expect(action.json()).toEqual({
      message: "The filter 'action' must be one of: sign-in, sign-in-failed, sign-out, password-change, password-reset, unlock, create, update, delete.",
    });
    const date = await list({ filter: { from: 'yesterday' } });
    expect(date.json()).toEqual({ message: "The filter 'from' must be a date (YYYY-MM-DD) or a date and time (ISO 8601)." });
    // Real calendar dates only, as the inboxes' filters (docs/security.md): not what Date.parse makes of these
    // ('0' was the year 2000, so `to: '0'` answered an empty list and `from: '0'` everything).
    for (const [name, value] of [['from', '0'], ['to', '0'], ['from', '2024-02-30'], ['to', 'June 15, 2026'], ['from', '99999-12-31']] as const) {
      const message = { message: `The filter '${name}' must be a date (YYYY-MM-DD) or a date and time (ISO 8601).` };
      const listed = await list({ filter: { [name]: value } });
      expect([listed.statusCode, listed.json()], value).toEqual([400, message]);
      const exported = await api.get(`/api/audit-log/export.csv${listParams({ filter: { [name]: value } })}`);
      expect([exported.statusCode, exported.json()], value).toEqual([400, message]);
    }
    // A date and time with an offset is still one.
    expect((await list({ filter: { to: '2000-01-01T02:00+02:00' } })).headers['content-range']).toBe('audit-log */0');
    // Who and which record are ids: PostgreSQL's integer columns answered 500 for these (an outside probe).
    for (const [name, value] of [['user_id', 2147483648], ['user_id', 1.5], ['record_id', 1e308], ['record_id', 0], ['user_id', 'me']] as const) {
      const message = { message: `The filter '${name}' must be an id (a whole number from 1 to 2147483647).` };
      const listed = await list({ filter: { [name]: value } });
      expect([listed.statusCode, listed.json()], `${name} ${value}`).toEqual([400, message]);
      const exported = await api.get(`/api/audit-log/export.csv${listParams({ filter: { [name]: value } })}`);
      expect([exported.statusCode, exported.json()], `${name} ${value}`).toEqual([400, message]);
    }
    expect((await list({ filter: { user_id: String(t.userId) } })).statusCode).toBe(200);
    const unknown = await list({ filter: { password: 'x' } });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: "Cannot filter audit-log by 'password'. Filters: q, id, action, user_id, area, record_id, from, to." }]);
    expect((await list({ sort: ['ip', 'ASC'] })).statusCode).toBe(400);
    expect((await api.get('/api/audit-log?filter={')).statusCode).toBe(400);
    // Nesting JSON.parse reads but JSON.stringify cannot write back: refused, never a 500.
    const deep = `{"q":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const nested = await api.get(`/api/audit-log?filter=${encodeURIComponent(deep)}`);
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ message: 'The filter parameter is nested too deeply.' });
  });

  it('exports the matching entries as CSV, header first, filtered and sorted', async () => {
    const response = await api.get(`/api/audit-log/export.csv${listParams({ sort: ['id', 'ASC'], filter: { action: 'sign-in-failed' } })}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,at,user_id,user_name,action,area,record_id,record_label,fields,ip,email');
    const [first, second] = (await list({ sort: ['id', 'ASC'], filter: { action: 'sign-in-failed' } })).json<Entry[]>();
    expect(lines.slice(1)).toEqual([
      `${first!.id},${first!.at},${t.userId},${USER.name},sign-in-failed,,,,,${OFFICE},${USER.email}`,
      `${second!.id},${second!.at},,,sign-in-failed,,,,,${OFFICE},nobody@example.test`,
      '',
    ]);
    const partners = await api.get(`/api/audit-log/export.csv${listParams({ sort: ['id', 'ASC'], filter: { area: 'contact-us' } })}`);
    expect(partners.body.split('\r\n')[1]).toMatch(/,update,contact-us,\d+,Contact Information,facebook,198\.51\.100\.7,$/);
  });

  it('exports more entries than it reads at a time, each once, in the order asked for', async () => {
    // 1,203 entries: the export reads 500 at a time (server/csv.ts), so three batches, the last a partial one.
    const labels: string[] = [];
    for (let i = 0; i < 1203; i++) {
      labels.push(`Batch ${String(i).padStart(4, '0')}`);
      await insertAuditEntry(t.db, { action: 'create', userId: null, userName: 'Importer', area: 'batches', recordLabel: labels[i]! });
    }
    const exported = (order: 'ASC' | 'DESC') =>
      exportedColumn(
        api,
        `/api/audit-log/export.csv${listParams({ sort: ['id', order], filter: { area: 'batches' } })}`,
        'id,at,user_id,user_name,action,area,record_id,record_label,fields,ip,email',
        7,
      );
    expect(await exported('ASC')).toEqual(labels);
    expect(await exported('DESC')).toEqual([...labels].reverse());
  });

  it('answers 401 without a token, and offers no way to write', async () => {
    for (const url of ['/api/audit-log', '/api/audit-log/export.csv']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(AUTH_REQUIRED);
    }
    const count = await lastId();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const url = method === 'POST' ? '/api/audit-log' : '/api/audit-log/1';
      expect((await api[method === 'POST' ? 'post' : method === 'PUT' ? 'put' : 'delete'](url)).statusCode).toBe(404);
    }
    expect(await lastId()).toBe(count);
  });
});

describe('retention (AUDIT_RETENTION_DAYS)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const DAY = 86_400_000;
  const entry = (daysAgo: number, label: string) =>
    ({ action: 'create', userId: null, userName: 'Seed', area: 'partners', recordLabel: label, at: new Date(Date.now() - daysAgo * DAY) }) as const;
  const labels = async (app: TestApp) =>
    (await app.db.selectFrom('audit_log').select('record_label').where('record_label', 'is not', null).orderBy('id').execute()).map((row) => row.record_label);

  it('deletes entries older than the period when the server starts, then at most once an hour after a write', async () => {
    const r = await setupApp({ auditRetentionDays: 30 });
    try {
      await insertAuditEntry(r.db, entry(45, 'too old'));
      await insertAuditEntry(r.db, entry(29, 'recent'));
      const token = (await signInFrom(r.app, HOME)).json<{ access_token: string }>().access_token;
      expect(await labels(r)).toEqual(['recent']);

      // Within the hour: a write prunes nothing.
      await insertAuditEntry(r.db, entry(31, 'old again'));
      const writer = client(r.app, HOME, token);
      expect((await writer.post('/api/partners', { name: 'Fresh' })).statusCode).toBe(201);
      expect(await labels(r)).toEqual(['recent', 'old again', 'Fresh']);

      // An hour later, the next write does; a read does not.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61 * 60_000);
      expect((await writer.get('/api/audit-log')).statusCode).toBe(200);
      expect(await labels(r)).toEqual(['recent', 'old again', 'Fresh']);
      expect((await writer.post('/api/partners', { name: 'Later' })).statusCode).toBe(201);
      // Pruned after the answer (onResponse), on the connections kept for long work: waited for, not raced.
      await vi.waitFor(async () => expect(await labels(r)).toEqual(['recent', 'Fresh', 'Later']), { timeout: 5000 });
    } finally {
      await r.close();
    }
  });

  it('0 keeps every entry', async () => {
    const r = await setupApp({ auditRetentionDays: 0 });
    try {
      await insertAuditEntry(r.db, entry(5000, 'ancient'));
      expect((await signInFrom(r.app, HOME)).statusCode).toBe(200);
      expect(await labels(r)).toEqual(['ancient']);
    } finally {
      await r.close();
    }
  });
});
