// Edit conflicts (issue #8, docs/api.md "Edit conflicts"): every record carries a version; a stale save is merged
// field by field, or refused with 409 when it changes what someone else changed meanwhile. Before this, both
// saves answered 200 and the first one's change was lost. SQLite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_CONFLICT_MESSAGE, IF_MATCH_LIST_MESSAGE, INVALID_VERSION_MESSAGE } from '../../schema/conflicts';
import { REVISIONS_KEPT, listRevisionVersions } from '../../server/repositories/revisions';
import { PNG } from '../helpers/files';
import { USER, apiClient, csrf, loginJson, setupApp, signIn, storedImage, type ApiClient, type TestApp } from './helpers';

type Json = Record<string, unknown> & { id: number; version: number };

let t: TestApp;
/** Dana (USER) and Erin: two administrators. */
let dana: ApiClient;
let erin: ApiClient;
let erinId: number;
const ERIN = { name: 'Erin Example', email: 'erin@cornerstone.test', password: 'another long password' };

beforeAll(async () => {
  t = await setupApp();
  dana = apiClient(t.app, await signIn(t.app));
  const created = await dana.post('/api/users-management', { ...ERIN, current_password: USER.password });
  expect(created.statusCode, created.body).toBe(201);
  erinId = created.json<Json>().id;
  erin = apiClient(t.app, (await loginJson(t.app, ERIN.email, ERIN.password)).json<{ access_token: string }>().access_token);
});
afterAll(async () => {
  await t.close();
});

async function ok(response: Promise<{ statusCode: number; body: string; json: <T>() => T }>, status = 200): Promise<Json> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<Json>();
}

const get = (path: string) => ok(dana.get(path));
const newPost = (body: Record<string, unknown> = {}) => ok(dana.post('/api/blogs', { title: 'Post 47', excerpt: 'First excerpt', ...body }), 201);

/** PUT with an If-Match header, as a client that keeps the ETag would. */
function putIfMatch(client: 'dana' | 'erin', path: string, ifMatch: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: path, payload, ...headersOf(client, { 'if-match': ifMatch }) });
}

const tokens: Record<string, string> = {};
function headersOf(client: 'dana' | 'erin', extra: Record<string, string> = {}) {
  const pair = csrf();
  return { cookies: pair.cookies, headers: { ...pair.headers, authorization: `Bearer ${tokens[client]}`, ...extra } };
}
beforeAll(async () => {
  tokens.dana = await signIn(t.app);
  tokens.erin = (await loginJson(t.app, ERIN.email, ERIN.password)).json<{ access_token: string }>().access_token;
});

describe('a record carries its version', () => {
  it('from 1, in every answer, and GET one sends it as the ETag', async () => {
    const post = await newPost();
    expect(post.version).toBe(1);
    const one = await dana.get(`/api/blogs/${post.id}`);
    expect(one.headers.etag).toBe('"1"');
    expect(one.json<Json>().version).toBe(1);
    const list = await dana.get(`/api/blogs?filter=${encodeURIComponent(JSON.stringify({ id: [post.id] }))}`);
    expect(list.json<Json[]>()[0]!.version).toBe(1);
    const user = await dana.get(`/api/users-management/${erinId}`);
    expect(user.headers.etag).toBe('"1"');
    expect(user.json<Json>().version).toBe(1);
  });

  it('bumped by exactly 1 per write, not by a new order or by opening a submission', async () => {
    const post = await newPost();
    expect((await ok(dana.put(`/api/blogs/${post.id}`, { excerpt: 'a' }))).version).toBe(2);
    expect((await ok(dana.put(`/api/blogs/${post.id}`, { ...post, version: 2, excerpt: 'b' }))).version).toBe(3);
    expect((await get(`/api/blogs/${post.id}`)).version).toBe(3);

    const features = [await ok(dana.post('/api/features', { title: 'One' }), 201), await ok(dana.post('/api/features', { title: 'Two' }), 201)];
    await ok(dana.put('/api/features/order', { ids: features.map((feature) => feature.id).reverse() }));
    for (const feature of features) expect((await get(`/api/features/${feature.id}`)).version).toBe(1);

    const submission = await newSubmission();
    expect(submission.read).toBe(true);
    expect(submission.version).toBe(1);
    expect((await get(`/api/contact-us-form/${submission.id}`)).version).toBe(1);
  });
});

// A save whose answer was lost was sent again by the browser itself (four times) and then by the person: one edit made
// versions 2 to 7 and six audit entries, five of no field (an outside probe of a phone losing signal).
describe('a save that changes nothing', () => {
  const auditCount = async (recordId: number) =>
    (await t.db.selectFrom('audit_log').select('id').where('record_id', '=', recordId).execute()).length;
  const revisionCount = async (recordId: number) => (await t.db.selectFrom('revisions').select('id').where('record_id', '=', recordId).execute()).length;

  it('stores nothing: the same version and time, no revision, no audit entry; a collection record, a singleton, a submission', async () => {
    const post = await newPost();
    const saved = await ok(dana.put(`/api/blogs/${post.id}`, { excerpt: 'Second excerpt' }));
    expect(saved.version).toBe(2);
    const [audits, revisions] = [await auditCount(post.id), await revisionCount(post.id)];
    for (let i = 0; i < 4; i++) {
      const again = await ok(dana.put(`/api/blogs/${post.id}`, { ...saved }));
      expect(again).toEqual(saved);
    }
    // A stale copy sending back what is stored changes nothing either.
    expect(await ok(dana.put(`/api/blogs/${post.id}`, { ...saved, version: 1 }))).toEqual(saved);
    expect([await auditCount(post.id), await revisionCount(post.id)]).toEqual([audits, revisions]);
    expect(await get(`/api/blogs/${post.id}`)).toEqual(saved);

    const policy = await get('/api/privacy-policy/1');
    const policySaved = await ok(dana.put('/api/privacy-policy/1', { ...policy, title: 'Privacy policy', content: '<p>What we keep.</p>' }));
    const policyAudits = await auditCount(policySaved.id);
    expect(await ok(dana.put('/api/privacy-policy/1', { ...policySaved }))).toEqual(policySaved);
    expect(await auditCount(policySaved.id)).toBe(policyAudits);

    const submission = await newSubmission();
    const handled = await ok(dana.put(`/api/contact-us-form/${submission.id}`, { status: 'in_progress' }));
    expect(handled.version).toBe(2);
    expect(await ok(dana.put(`/api/contact-us-form/${submission.id}`, { status: 'in_progress' }))).toEqual(handled);
    expect((await get(`/api/contact-us-form/${submission.id}`)).version).toBe(2);
  });
});

describe('a stale save of a collection record', () => {
  it('keeps both changes when two people changed different fields (the title in one, the excerpt in the other)', async () => {
    const post = await newPost();
    const mine = await ok(dana.put(`/api/blogs/${post.id}`, { ...post, title: 'Post 47, retitled' }));
    expect(mine.version).toBe(2);
    // Erin's form was opened at version 1 and sends the whole record back, as react-admin does.
    const theirs = await ok(erin.put(`/api/blogs/${post.id}`, { ...post, excerpt: 'Second excerpt' }));
    expect(theirs).toMatchObject({ title: 'Post 47, retitled', excerpt: 'Second excerpt', slug: post.slug, version: 3 });
    expect(await get(`/api/blogs/${post.id}`)).toEqual(theirs);
  });

  it('answers 409 when both changed the same field, with who, when, which fields and the record now; writes nothing', async () => {
    const post = await newPost({ content: '<p>Body<script>alert(1)</script></p>' });
    expect(post.content).toBe('<p>Body</p>');
    const saved = await ok(dana.put(`/api/blogs/${post.id}`, { ...post, title: 'Dana’s title', tags: ['news'] }));
    const before = await get(`/api/blogs/${post.id}`);

    const response = await erin.put(`/api/blogs/${post.id}`, { ...post, title: 'Erin’s title', tags: ['site'], excerpt: 'Erin’s excerpt' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: EDIT_CONFLICT_MESSAGE,
      conflicts: ['title', 'tags'],
      current: before,
      updated_by: { id: t.userId, name: USER.name },
      updated_at: saved.updated_at,
    });
    // Not even the excerpt, which nobody else changed: a refused save writes nothing.
    expect(await get(`/api/blogs/${post.id}`)).toEqual(before);
  });

  it('treats an untouched field sent back as stored (rich text cleaned, the same upload with its keys in another order) as unchanged', async () => {
    const cover = { src: await storedImage(t.db), title: 'Site', mime: 'image/png', size: PNG.length };
    const post = await newPost({ content: '<p>Plan <b>A</b><img src="x" onerror="alert(1)"></p>', cover_image: cover });
    await ok(dana.put(`/api/blogs/${post.id}`, { content: '<p>Plan B</p>', cover_image: null }));
    const reordered = { size: PNG.length, mime: 'image/png', title: 'Site', src: cover.src };
    const merged = await ok(erin.put(`/api/blogs/${post.id}`, { ...post, content: post.content, cover_image: reordered, author: 'Erin' }));
    expect(merged).toMatchObject({ content: '<p>Plan B</p>', cover_image: null, author: 'Erin', version: 3 });
  });

  it('takes the version from If-Match too (ETag form), which wins over the body', async () => {
    const post = await newPost();
    await ok(dana.put(`/api/blogs/${post.id}`, { title: 'Changed by Dana' }));
    const refused = await putIfMatch('erin', `/api/blogs/${post.id}`, '"1"', { title: 'Changed by Erin', version: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ conflicts: ['title'], current: { title: 'Changed by Dana', version: 2 } });
    const accepted = await putIfMatch('erin', `/api/blogs/${post.id}`, 'W/"2"', { title: 'Changed by Erin' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ title: 'Changed by Erin', version: 3 });
    // `*` is any version: no condition.
    expect((await putIfMatch('erin', `/api/blogs/${post.id}`, '*', { title: 'Any' })).json()).toMatchObject({ title: 'Any', version: 4 });
    // A body's version that is no version is refused, If-Match or not (it was ignored under `*`).
    for (const version of [0, -5, 1.5, 'abc']) {
      const bad = await putIfMatch('erin', `/api/blogs/${post.id}`, '*', { title: 'Bad', version });
      expect(bad.statusCode, String(version)).toBe(400);
      expect(bad.json()).toEqual({ message: INVALID_VERSION_MESSAGE, errors: { version: INVALID_VERSION_MESSAGE } });
    }
    expect((await erin.get(`/api/blogs/${post.id}`)).json()).toMatchObject({ title: 'Any', version: 4 });
  });

  it('is unconditional without a version, as before (docs/api.md)', async () => {
    const post = await newPost();
    await ok(dana.put(`/api/blogs/${post.id}`, { title: 'One' }));
    const { version: _version, ...withoutVersion } = post;
    expect(await ok(erin.put(`/api/blogs/${post.id}`, { ...withoutVersion, title: 'Two' }))).toMatchObject({ title: 'Two', version: 3 });
  });

  it.each([
    ['"abc"', 'abc'],
    ['-1', -1],
    ['1.5', 1.5],
    ['0', 0],
    ['null', null],
  ])('refuses version %s with 400, in the body or in If-Match', async (label, version) => {
    const post = await newPost();
    const response = await dana.put(`/api/blogs/${post.id}`, { title: 'Never', version });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_VERSION_MESSAGE, errors: { version: INVALID_VERSION_MESSAGE } });
    const header = await putIfMatch('dana', `/api/blogs/${post.id}`, `"${String(version).replace(/"/g, '')}"`, { title: 'Never' });
    expect(header.statusCode, label).toBe(400);
    expect((await get(`/api/blogs/${post.id}`)).title).toBe('Post 47');
  });

  it('refuses an If-Match naming several versions with 400, saying it takes one', async () => {
    const post = await newPost();
    for (const header of ['"1", "2"', '"1","1"', 'W/"1", "1"']) {
      const response = await putIfMatch('dana', `/api/blogs/${post.id}`, header, { title: 'Never' });
      expect(response.statusCode, header).toBe(400);
      expect(response.json(), header).toEqual({ message: IF_MATCH_LIST_MESSAGE, errors: { version: IF_MATCH_LIST_MESSAGE } });
    }
    expect((await get(`/api/blogs/${post.id}`)).title).toBe(post.title);
    expect(await ok(putIfMatch('dana', `/api/blogs/${post.id}`, `"${post.version}"`, { title: 'Once' }))).toMatchObject({ title: 'Once' });
  });

  it('without its base (a version that never existed), conflicts on every field it sends that differs', async () => {
    const post = await newPost();
    await ok(dana.put(`/api/blogs/${post.id}`, { excerpt: 'Changed' }));
    const response = await erin.put(`/api/blogs/${post.id}`, { title: 'Post 47', excerpt: 'Mine', author: 'Erin', version: 99 });
    expect(response.statusCode).toBe(409);
    expect(response.json().conflicts).toEqual(['excerpt', 'author']);
  });

  it('keeps the last 50 revisions of a record, and conflicts on what changed once its base is pruned', async () => {
    const post = await newPost();
    for (let n = 1; n <= REVISIONS_KEPT + 5; n++) await ok(dana.put(`/api/blogs/${post.id}`, { excerpt: `Edit ${n}` }));
    const versions = await listRevisionVersions(t.db, 'blogs', post.id);
    expect(versions).toEqual(Array.from({ length: REVISIONS_KEPT }, (_, index) => index + 6));
    // Version 1 is gone: the excerpt (changed since) conflicts; the title (the same) does not.
    const pruned = await erin.put(`/api/blogs/${post.id}`, { ...post, author: 'Erin' });
    expect(pruned.statusCode).toBe(409);
    expect(pruned.json().conflicts).toEqual(['excerpt', 'author']);
    // Version 6 is kept: merged.
    expect(await ok(erin.put(`/api/blogs/${post.id}`, { title: 'Post 47', excerpt: 'Edit 5', author: 'Erin', version: 6 }))).toMatchObject({
      excerpt: `Edit ${REVISIONS_KEPT + 5}`,
      author: 'Erin',
      version: REVISIONS_KEPT + 7,
    });
  });

  it('loses nothing when 10 stale saves of different fields arrive at once', async () => {
    const post = await newPost({ tags: [] });
    const values: Record<string, unknown> = {
      excerpt: 'E',
      author: 'A',
      title: 'T',
      tags: ['x'],
      content: '<p>C</p>',
      slug: 'parallel-slug',
      published_at: '2026-01-02T03:04:05.000Z',
      cover_image: { src: await storedImage(t.db), title: 'Cover' },
    };
    // Eight fields, and two of them twice with the same value (nobody disagrees): the second of each changes nothing,
    // and stores nothing (a new version for each of the eight).
    const writes = [...Object.keys(values), 'excerpt', 'author'];
    const answers = await Promise.all(writes.map((field, index) => (index % 2 ? dana : erin).put(`/api/blogs/${post.id}`, { ...post, [field]: values[field] })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const final = await get(`/api/blogs/${post.id}`);
    expect(final.version).toBe(9);
    expect(final).toEqual({ ...post, ...values, version: 9, updated_at: expect.any(String) });
  });

  it('lets exactly one of 10 stale saves of the same field win; the others get 409', async () => {
    const post = await newPost();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? dana : erin).put(`/api/blogs/${post.id}`, { ...post, title: `Title ${n}` })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Json>();
    expect(await get(`/api/blogs/${post.id}`)).toMatchObject({ title: winner.title, version: 2 });
    for (const answer of answers.filter((answer) => answer.statusCode === 409)) expect(answer.json()).toMatchObject({ conflicts: ['title'] });
  });

  it('refuses a delete of a stale copy (If-Match) and deletes the revisions with the record', async () => {
    const post = await newPost();
    await ok(dana.put(`/api/blogs/${post.id}`, { excerpt: 'Changed' }));
    const stale = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post.id}`, ...headersOf('erin', { 'if-match': '"1"' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: EDIT_CONFLICT_MESSAGE, conflicts: ['excerpt'], current: { version: 2 } });
    expect(await listRevisionVersions(t.db, 'blogs', post.id)).toEqual([1]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post.id}`, ...headersOf('erin', { 'if-match': '"2"' }) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await listRevisionVersions(t.db, 'blogs', post.id)).toEqual([]);
  });

  it('names the fields changed since, in the order the record answers them, on both databases', async () => {
    const post = await newPost();
    // Longest names first, so that PostgreSQL's order of a JSON document's keys (shortest first) is not this one.
    await ok(dana.put(`/api/blogs/${post.id}`, { tags: ['steel'], excerpt: 'Changed', title: 'Renamed' }));
    const stale = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post.id}`, ...headersOf('erin', { 'if-match': '"1"' }) });
    expect(stale.statusCode).toBe(409);
    const declared = Object.keys(stale.json<{ current: Record<string, unknown> }>().current);
    expect(stale.json<{ conflicts: string[] }>().conflicts).toEqual(declared.filter((field) => ['title', 'excerpt', 'tags'].includes(field)));
    expect(declared.indexOf('title')).toBeLessThan(declared.indexOf('excerpt'));
  });
});

describe('a stale save of a singleton', () => {
  it('merges different fields, refuses the same one, and treats the defaults before the first save as version 1', async () => {
    const unsaved = await get('/api/hero/1');
    expect(unsaved).toMatchObject({ version: 1, created_at: null });
    // Both opened the unsaved Hero.
    expect(await ok(dana.put('/api/hero/1', { ...unsaved, headline: 'Build with us' }))).toMatchObject({ version: 2 });
    const merged = await ok(erin.put('/api/hero/1', { ...unsaved, subheadline: 'Since 1990' }));
    expect(merged).toMatchObject({ headline: 'Build with us', subheadline: 'Since 1990', version: 3 });

    const refused = await erin.put('/api/hero/1', { ...unsaved, headline: 'Erin’s headline' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: EDIT_CONFLICT_MESSAGE,
      conflicts: ['headline'],
      current: merged,
      updated_by: { id: erinId, name: ERIN.name },
      updated_at: merged.updated_at,
    });
    expect(await get('/api/hero/1')).toEqual(merged);
    const etag = await dana.get('/api/hero/1');
    expect(etag.headers.etag).toBe('"3"');
  });
});

describe('a stale save of a user', () => {
  it('keeps a deactivation: a stale form that left `active` alone renames without re-activating', async () => {
    const user = await ok(dana.post('/api/users-management', { name: 'Sam Site', email: 'sam@cornerstone.test', password: 'a long password 1', current_password: USER.password }), 201);
    const deactivated = await ok(dana.put(`/api/users-management/${user.id}`, { ...user, active: false }));
    expect(deactivated).toMatchObject({ active: false, version: 2 });
    // Erin's form was opened when Sam was active; it sends active: true back, unchanged.
    const renamed = await ok(erin.put(`/api/users-management/${user.id}`, { ...user, name: 'Samuel Site', password: '' }));
    expect(renamed).toMatchObject({ name: 'Samuel Site', active: false, email: 'sam@cornerstone.test', version: 3 });
    expect(await get(`/api/users-management/${user.id}`)).toEqual(renamed);
    // A user's revisions never hold a password hash.
    const rows = await t.db.selectFrom('revisions').select('data').where('kind', '=', 'users').where('record_id', '=', user.id).orderBy('version').execute();
    expect(rows.map((row) => JSON.parse(row.data))).toEqual([
      { name: 'Sam Site', email: 'sam@cornerstone.test', active: true },
      { name: 'Sam Site', email: 'sam@cornerstone.test', active: false },
    ]);
  });

  it('answers 409 when both changed the same field, with who changed it', async () => {
    const user = await ok(dana.post('/api/users-management', { name: 'Kim', email: 'kim@cornerstone.test', password: 'a long password 2', current_password: USER.password }), 201);
    const saved = await ok(erin.put(`/api/users-management/${user.id}`, { ...user, email: 'kim.new@cornerstone.test', current_password: ERIN.password }));
    const response = await dana.put(`/api/users-management/${user.id}`, { ...user, email: 'KIM@other.test', current_password: USER.password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: EDIT_CONFLICT_MESSAGE,
      conflicts: ['email'],
      current: saved,
      updated_by: { id: erinId, name: ERIN.name },
      updated_at: saved.updated_at,
    });
    // The same email in another case is no change: merged.
    expect(await ok(dana.put(`/api/users-management/${user.id}`, { ...user, email: 'KIM@cornerstone.test', name: 'Kimberly', current_password: USER.password }))).toMatchObject({
      name: 'Kimberly',
      email: 'kim.new@cornerstone.test',
    });
  });

  it('refuses a delete with a stale If-Match', async () => {
    const user = await ok(dana.post('/api/users-management', { name: 'Lee', email: 'lee@cornerstone.test', password: 'a long password 3', current_password: USER.password }), 201);
    await ok(erin.put(`/api/users-management/${user.id}`, { name: 'Lee Ann' }));
    const stale = await t.app.inject({ method: 'DELETE', url: `/api/users-management/${user.id}`, ...headersOf('dana', { 'if-match': '"1"' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ conflicts: ['name'], current: { name: 'Lee Ann', version: 2 } });
    expect((await get(`/api/users-management/${user.id}`)).name).toBe('Lee Ann');
  });

  it('refuses version "abc" with 400', async () => {
    const response = await dana.put(`/api/users-management/${erinId}`, { name: 'Never', version: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVALID_VERSION_MESSAGE);
  });
});

async function newSubmission(): Promise<Json> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/public/contact-us-form',
    payload: { full_name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A question', message: 'Hello' },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const list = await dana.get('/api/contact-us-form?sort=%5B%22id%22%2C%22DESC%22%5D&range=%5B0%2C0%5D');
  // Opening it marks it read.
  return get(`/api/contact-us-form/${list.json<Json[]>()[0]!.id}`);
}

describe('a stale save of an inbox submission', () => {
  it('keeps the status one changed and the notes the other wrote; refuses two different notes', async () => {
    const submission = await newSubmission();
    await ok(dana.put(`/api/contact-us-form/${submission.id}`, { ...submission, status: 'in_progress' }));
    const merged = await ok(erin.put(`/api/contact-us-form/${submission.id}`, { ...submission, notes: 'Called back' }));
    expect(merged).toMatchObject({ status: 'in_progress', notes: 'Called back', version: 3 });

    const refused = await dana.put(`/api/contact-us-form/${submission.id}`, { ...submission, notes: 'Emailed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ conflicts: ['notes'], current: { notes: 'Called back', version: 3 }, updated_by: { name: ERIN.name } });
    expect(await get(`/api/contact-us-form/${submission.id}`)).toEqual(merged);
  });
});
