// Issue #9 item 10 (validation): every edge the hostile-input battery found, sent to real areas through the API.
// Integers only from JSON numbers or digit text; URL fields refuse protocol-relative and backslash forms and the
// characters browsers drop ('/\t/evil.example'); text fields refuse NUL and other control characters, C1 included
// (tab, LF and CR are text), and one-line text refuses bidi overrides; list filters refuse values of the wrong type;
// dates refuse '0' and are stored and answered in one form. SQLite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FORMAT_HINT } from '../../schema/dates';
import { apiClient, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await setupApp();
  api = apiClient(t.app, await signIn(t.app));
});
afterAll(() => t.close());

/** The field errors of a refused write; fails the test when the write was not a 400. */
async function refused(url: string, body: Record<string, unknown>, method: 'post' | 'put' = 'post') {
  const response = await api[method](url, body);
  expect(response.statusCode, response.body).toBe(400);
  const answer = response.json<{ message: string; errors: Record<string, string> }>();
  expect(typeof answer.message).toBe('string');
  return answer.errors;
}

async function created(url: string, body: Record<string, unknown>) {
  const response = await api.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Record<string, unknown>>();
}

/** What the website's contact form answers for a visitor's message (a sensible one, changed by `fields`). */
const submitContact = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/contact-us-form',
    payload: { full_name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A quote', message: 'Hello', ...fields },
  });

const PROJECT = { title: 'Harbour', category: 'commercial', status: 'completed' };

describe('integer fields take JSON numbers or digit text only', () => {
  it.each([
    ['true', true],
    ['[5]', [5]],
    ['an empty string', ''],
    ["'1e3'", '1e3'],
    ["' 5' (a space first)", ' 5'],
    ["'5 '", '5 '],
    ["'0x10'", '0x10'],
    ['an object', { value: 5 }],
    ['null', null],
  ])('counters.value refuses %s', async (label, value) => {
    // Left empty is "required" (it said "must be a number" to a field left blank: an outside probe).
    const expected = label === 'an empty string' || label === 'null' ? 'Value is required' : 'Value must be a number';
    expect(await refused('/api/counters', { label: 'Projects', value })).toEqual({ value: expected });
  });

  it('says a number left out is required', async () => {
    expect(await refused('/api/counters', { label: 'Projects' })).toEqual({ value: 'Value is required' });
  });

  it.each([
    ['1.5', 1.5],
    ["'1.5'", '1.5'],
  ])('counters.value refuses a fraction, %s', async (_label, value) => {
    expect(await refused('/api/counters', { label: 'Projects', value })).toEqual({ value: 'Value must be a whole number' });
  });

  it('a required choice left empty is required, not "one of" its stored values; a wrong one lists them', async () => {
    for (const placement of [undefined, null, '']) {
      expect((await refused('/api/banners', { title: 'Sale', placement }))?.placement, String(placement)).toBe('Placement is required');
    }
    expect((await refused('/api/banners', { title: 'Sale', placement: 'castle' }))?.placement).toBe(
      'Placement must be one of: homepage_top, homepage_middle, sidebar, popup',
    );
  });

  it('takes a number, and digit text from a form input, stored as a number', async () => {
    expect(await created('/api/counters', { label: 'Projects', value: 250 })).toMatchObject({ value: 250 });
    expect(await created('/api/counters', { label: 'Clients', value: '120' })).toMatchObject({ value: 120 });
    expect(await created('/api/counters', { label: 'Sites', value: '120.0' })).toMatchObject({ value: 120 });
    expect(await refused('/api/counters', { label: 'Clients', value: '-1' })).toEqual({ value: 'Value must be at least 0' });
  });

  it.each([
    ['true', true],
    ['[2020]', [2020]],
    ["'2e3'", '2e3'],
  ])('an optional integer (projects.year) refuses %s', async (_label, year) => {
    expect((await refused('/api/projects', { ...PROJECT, year })).year).toMatch(/^Year must be a (whole )?number$/);
  });

  it('an optional integer takes digits, and empty text as none', async () => {
    expect(await created('/api/projects', { ...PROJECT, year: '2020' })).toMatchObject({ year: 2020 });
    expect(await created('/api/projects', { ...PROJECT, title: 'Quay', year: '' })).toMatchObject({ year: null });
  });
});

describe('URL fields refuse addresses a browser reads as another site', () => {
  const OTHER_SITE = 'Website must not start with // or hold a backslash: browsers read that as another site';
  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/login'],
    ['slash backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash after the scheme', 'https:\\\\evil.example'],
    ['a backslash in the host', 'https://example.com\\@evil.example'],
  ])('partners.website refuses %s (%s)', async (_label, website) => {
    const errors = await refused('/api/partners', { name: 'Acme', website });
    expect(errors.website).toMatch(/^Website must (be a web address \(https:\/\/…\) or a path starting with \/|not start with \/\/ or hold a backslash: browsers read that as another site)$/);
  });

  it.each([
    ['no site', 'https://'],
    ['no site, http', 'http://'],
    ['a dot for a site', 'http://.'],
    ['a space in the site', 'https://exa mple.com'],
    ['a site that starts with a dot', 'https://.example.com'],
  ])('refuses a web address that leads nowhere: %s (%s)', async (_label, website) => {
    // They were taken and sent to the website: a homepage button leading nowhere (an outside probe).
    expect(await refused('/api/partners', { name: 'Acme', website })).toEqual({
      website: 'Website must name a site after https://, such as https://example.com/page, with no spaces',
    });
  });

  it('takes web addresses that name a site, and the other kinds of link', async () => {
    for (const website of ['https://example.com', 'http://localhost:8080/x', 'https://bücher.example/über', 'https://192.0.2.7/a?b=c#d', '/about', 'mailto:a@b.example', 'tel:+44 20 7946 0000', '#top']) {
      expect(await created('/api/partners', { name: `Acme ${website}`, website }), website).toMatchObject({ website });
    }
  });

  it('says why for the // and /\\ forms', async () => {
    expect(await refused('/api/partners', { name: 'Acme', website: '//evil.example' })).toEqual({ website: OTHER_SITE });
    expect(await refused('/api/partners', { name: 'Acme', website: '/\\evil.example' })).toEqual({ website: OTHER_SITE });
  });

  // Browsers drop tabs and line breaks from an address: '/\t/evil.example' is '//evil.example' to them.
  const hidden = (label: string) =>
    `${label} must not hold tabs, line breaks or other invisible characters: browsers drop them and may read the rest as another site`;
  it.each([
    ['a tab', '/\t/evil.example'],
    ['a line feed', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example/'],
    ['a tab in the host', 'https://evil.exa\tmple'],
    ['a line break inside a web address', 'https://example.com/a\nb'],
    ['a no-break space', 'https://example.com/a\u00a0b'],
    ['a line separator', '/a\u2028/b'],
  ])('refuses %s, on every address field', async (_label, address) => {
    expect(await refused('/api/banners', { title: 't', placement: 'sidebar', link: address })).toEqual({ link: hidden('Link') });
    expect(await refused('/api/contact-us/1', { facebook: address }, 'put')).toEqual({ facebook: hidden('Facebook') });
    expect(await refused('/api/seo', { path: '/about', meta_title: 'About', canonical_url: address })).toEqual({
      canonical_url: hidden('Canonical URL'),
    });
  });

  it('refuses C1 control characters and bidi controls in an address', async () => {
    expect(await refused('/api/partners', { name: 'Acme', website: '/a\u0085/b' })).toEqual({
      website: 'Website contains a control character (such as NUL) that cannot be stored',
    });
    expect((await refused('/api/partners', { name: 'Acme', website: 'https://example.com/\u202egpj.exe' })).website).toMatch(
      /^Website contains a text-direction control/,
    );
  });

  it("refuses the same in a file's address, which already refused whitespace", async () => {
    expect(await refused('/api/partners', { name: 'Acme', logo: { src: '/\t/evil.example/x.png' } })).toEqual({
      'logo.src': 'The file must be an upload or a web address',
    });
    expect(await refused('/api/partners', { name: 'Acme', logo: { src: '/uploads/x\u0085.png' } })).toEqual({
      'logo.src': 'The file address contains a control character (such as NUL) that cannot be stored',
    });
    expect((await refused('/api/partners', { name: 'Acme', logo: { src: '/uploads/\u202egnp.exe' } }))['logo.src']).toMatch(
      /^The file address contains a text-direction control/,
    );
  });

  it('takes web addresses, site paths, mailto:, tel: and anchors', async () => {
    for (const website of ['https://acme.example/about?x=1', 'http://acme.example', '/about-us', 'mailto:hello@acme.example', 'tel:+44 20 7946 0000', '#contact']) {
      expect(await created('/api/partners', { name: 'Acme', website })).toMatchObject({ website });
    }
  });
});

describe('text fields refuse control characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['backspace', '\b'],
    ['vertical tab', '\u000b'],
    ['form feed', '\f'],
    ['escape', '\u001b'],
    ['DEL', '\u007f'],
    // C1 controls: U+009B is the 8-bit CSI that opens a terminal escape sequence, U+0085 a line break to some tools.
    ['NEL (U+0085)', '\u0085'],
    ['CSI (U+009B)', '\u009b'],
    ['U+0080', '\u0080'],
    ['U+009F', '\u009f'],
  ])('a title holding %s is refused with a message naming the field', async (_label, character) => {
    expect(await refused('/api/blogs', { title: `Hello${character}world` })).toEqual({
      title: 'Title contains a control character (such as NUL) that cannot be stored',
    });
  });

  it('in optional text, rich text, lists and tags as well', async () => {
    expect(await refused('/api/blogs', { title: 'Post', excerpt: 'a\u0000b' })).toEqual({
      excerpt: 'Excerpt contains a control character (such as NUL) that cannot be stored',
    });
    expect(await refused('/api/blogs', { title: 'Post', excerpt: 'C1 \u009b char' })).toEqual({
      excerpt: 'Excerpt contains a control character (such as NUL) that cannot be stored',
    });
    expect(await refused('/api/blogs', { title: 'Post', content: '<p>a\u0000b</p>' })).toEqual({
      content: 'Content contains a control character (such as NUL) that cannot be stored',
    });
    expect(await refused('/api/blogs', { title: 'Post', tags: ['ok', 'b\u0000d'] })).toEqual({
      'tags.1': 'Tags contains a control character (such as NUL) that cannot be stored',
    });
    expect(await refused('/api/partners', { name: 'Acme', website: 'https://acme.example/\u0000' })).toEqual({
      website: 'Website contains a control character (such as NUL) that cannot be stored',
    });
  });

  it('and in the notes on a website submission', async () => {
    expect((await submitContact({})).statusCode).toBe(201);
    const list = await api.get('/api/contact-us-form');
    const id = list.json<{ id: number }[]>()[0]!.id;
    expect(await refused(`/api/contact-us-form/${id}`, { notes: 'Called \u0000 back' }, 'put')).toEqual({
      notes: 'Notes contains a control character (such as NUL) that cannot be stored',
    });
  });

  it('a website form refuses NUL in what a visitor writes', async () => {
    const response = await submitContact({ full_name: 'Ada\u0000Lovelace' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ full_name: expect.stringContaining('contains a control character (such as NUL)') });
  });

  it('keeps tabs, line feeds and carriage returns', async () => {
    const post = await created('/api/blogs', { title: 'Tabs\tstay', excerpt: 'Line one\r\nLine two\n\tindented' });
    expect(post).toMatchObject({ title: 'Tabs\tstay', excerpt: 'Line one\r\nLine two\n\tindented' });
    // Stored and read back as sent.
    expect((await api.get(`/api/blogs/${String(post.id)}`)).json()).toMatchObject({ excerpt: 'Line one\r\nLine two\n\tindented' });
  });
});

describe('date fields', () => {
  it.each(['0', '2024-02-30', '99999-12-31', 'June 15, 2026', '1e3', '0001-01-01T00:00:00+01:00', '2026-11-23T09:00+15:00'])('refuse %s', async (published_at) => {
    expect(await refused('/api/blogs', { title: 'Dated', published_at })).toEqual({
      published_at: `Publish date must be a valid date (${DATE_FORMAT_HINT})`,
    });
  });

  it('take a real date', async () => {
    expect(await created('/api/blogs', { title: 'Dated', published_at: '2024-02-29' })).toMatchObject({ published_at: '2024-02-29' });
  });
});

describe('one-line text refuses bidi overrides and isolates', () => {
  const reordering = (label: string) =>
    `${label} contains a text-direction control (such as U+202E) that shows the text in another order than it is written`;

  it.each(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'a title holding %j is refused',
    async (character) => {
      expect(await refused('/api/blogs', { title: `Report${character}fdp.exe` })).toEqual({ title: reordering('Title') });
    },
  );

  it("in a user's name, a tag and a file's name as well", async () => {
    expect(
      await refused('/api/users-management', { name: 'Ada \u202eecalevol', email: 'ada@cornerstone.test', password: 'a long passphrase' }),
    ).toMatchObject({ name: reordering('Name') });
    expect(await refused('/api/blogs', { title: 'Post', tags: ['ok', 'b\u202ed'] })).toEqual({ 'tags.1': reordering('Tags') });
    expect(await refused('/api/partners', { name: 'Acme', logo: { src: '/uploads/a.png', title: 'cv\u202efdp.exe' } })).toEqual({
      'logo.title': reordering('The file name'),
    });
  });

  it('multi-line text and rich text keep them; the marks U+200E and U+200F are text everywhere', async () => {
    const excerpt = 'Hebrew \u202bשלום\u202c and Arabic \u2067مرحبا\u2069';
    const post = await created('/api/blogs', { title: 'Shalom \u200fשלום\u200e ok', excerpt, content: '<p>\u202bשלום\u202c</p>' });
    expect(post).toMatchObject({ title: 'Shalom \u200fשלום\u200e ok', excerpt, content: '<p>\u202bשלום\u202c</p>' });
    const submission = await submitContact({ message: 'Line one\n\u202bשלום\u202c' });
    expect(submission.statusCode, submission.body).toBe(201);
    // A testimonial's quote is a box of several lines too (it refused them: an outside probe).
    const quote = 'قال العميل \u2067Cornerstone\u2069 ممتاز\nSecond line';
    expect(await created('/api/testimonials', { name: 'Layla', quote })).toMatchObject({ quote });
  });

  it("a website form refuses them in a visitor's name", async () => {
    const response = await submitContact({ full_name: 'Ada \u202eecalevoL' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ full_name: reordering('Full name') });
  });
});

describe('list filters check the value against the field', () => {
  it.each([
    ['a number for a choice', { status: 5 }, "The filter 'status' must be one of: draft, published."],
    ['true for a choice', { status: true }, "The filter 'status' must be one of: draft, published."],
    ['a value outside the choices', { status: 'bogus' }, "The filter 'status' must be one of: draft, published."],
    ['a number for a list of text', { tags: 5 }, "The filter 'tags' must be text."],
    ['a list for a list of text', { tags: ['a'] }, "The filter 'tags' must be text."],
    ['a search of 201 characters', { q: 'a'.repeat(201) }, "The filter 'q' must be at most 200 characters."],
  ])('refuses %s with 400', async (_label, filter, message) => {
    const response = await api.get(`/api/blogs?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('on text fields, inbox statuses and the users list too', async () => {
    const answers = await Promise.all([
      api.get(`/api/careers?filter=${encodeURIComponent('{"department":5}')}`),
      api.get(`/api/contact-us-form?filter=${encodeURIComponent('{"status":"bogus"}')}`),
      api.get(`/api/project-form?filter=${encodeURIComponent('{"budget":"a lot"}')}`),
    ]);
    expect(answers.map((response) => [response.statusCode, response.json<{ message: string }>().message])).toEqual([
      [400, "The filter 'department' must be text."],
      [400, "The filter 'status' must be one of: new, in_progress, closed."],
      [400, expect.stringMatching(/^The filter 'budget' must be one of: /)],
    ]);
  });

  it('takes what the console sends: a choice, a tag, a yes or no, empty', async () => {
    await created('/api/blogs', { title: 'Filtered', status: 'published', tags: ['bridges'] });
    for (const filter of [{ status: 'published' }, { tags: 'bridges' }, { status: 'draft', tags: 'bridges' }, { status: null }]) {
      const response = await api.get(`/api/blogs?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    const tagged = await api.get(`/api/blogs?filter=${encodeURIComponent('{"tags":"bridges","status":"published"}')}`);
    expect(tagged.json<{ title: string }[]>().map((post) => post.title)).toEqual(['Filtered']);
    expect((await api.get(`/api/projects?filter=${encodeURIComponent('{"featured":"true","category":"commercial"}')}`)).statusCode).toBe(200);
  });
});

describe('date-times are stored and answered in one form', () => {
  it.each([
    ['without a zone (UTC)', '2026-11-27T21:30:00', '2026-11-27T21:30:00.000Z'],
    ['with a space and no seconds', '2026-11-27 10:00', '2026-11-27T10:00:00.000Z'],
    ['in lowercase', '2026-11-27t21:30:00z', '2026-11-27T21:30:00.000Z'],
    ['with microseconds', '2026-11-27T21:30:00.123456Z', '2026-11-27T21:30:00.123Z'],
    ['with an offset', '2026-11-28T02:30+05:00', '2026-11-27T21:30:00.000Z'],
  ])('a date and time %s is stored as the UTC instant it names', async (_label, published_at, stored) => {
    expect(await created('/api/blogs', { title: 'Dated', published_at })).toMatchObject({ published_at: stored });
  });

  it('a calendar date stays a calendar date', async () => {
    expect(await created('/api/banners', { title: 'Sale', placement: 'sidebar', starts_at: '2026-11-27', ends_at: '2026-11-30 18:00' })).toMatchObject({
      starts_at: '2026-11-27',
      ends_at: '2026-11-30T18:00:00.000Z',
    });
  });

  it('a value stored in an earlier form is answered in the stored form, by the admin API and to the website', async () => {
    const post = await created('/api/blogs', { title: 'Stored long ago', status: 'published', published_at: '2020-01-02T03:04:00Z' });
    const row = await t.db.selectFrom('records').select('data').where('id', '=', post.id as number).executeTakeFirstOrThrow();
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
    // As an earlier version stored a date and time typed without a zone: UTC by the documented rule.
    await t.db.updateTable('records').set({ data: JSON.stringify({ ...data, published_at: '2020-01-02T03:04' }) }).where('id', '=', post.id as number).execute();
    expect((await api.get(`/api/blogs/${String(post.id)}`)).json()).toMatchObject({ published_at: '2020-01-02T03:04:00.000Z' });
    const listed = (await api.get(`/api/blogs?filter=${encodeURIComponent(JSON.stringify({ id: post.id }))}`)).json<Record<string, unknown>[]>();
    expect(listed[0]).toMatchObject({ published_at: '2020-01-02T03:04:00.000Z' });
    const website = await t.app.inject({ method: 'GET', url: '/api/public/blogs' });
    expect(website.statusCode, website.body).toBe(200);
    const items = website.json<{ data: Record<string, unknown>[] }>().data;
    expect(items.find((item) => item.title === 'Stored long ago')).toMatchObject({ published_at: '2020-01-02T03:04:00.000Z' });
  });
});


// The outside sweep: zod's own English ("Too big: expected string to have <=200 characters", "Invalid input: expected
// string, received array") reached users where no field words its message (server/zod-messages.ts), a number where a
// title belongs was "required", a key Fastify refuses "not valid JSON".
describe('messages a person can act on', () => {
  it('a title that is not text says so; a missing one is required', async () => {
    expect(await refused('/api/blogs', { title: 123 })).toEqual({ title: 'Title must be text' });
    expect(await refused('/api/blogs', { title: ['x'] })).toEqual({ title: 'Title must be text' });
    expect(await refused('/api/blogs', {})).toEqual({ title: 'Title is required' });
  });

  // An outside probe (2026-11-29): a post titled "\u200B\u200B" and a website message whose name, subject and text
  // were a zero-width space, a Hangul filler and a blank Braille pattern were stored: blank wherever shown.
  it('a required text made only of characters that show nothing is required', async () => {
    for (const title of ['\u200b\u200b', '\u0301', '\ufeff \u2060', '\u3164', '\u2800', '\u00a0\u200d']) {
      expect(await refused('/api/blogs', { title }), JSON.stringify(title)).toEqual({ title: 'Title is required' });
    }
    const blank = await submitContact({ full_name: '\u200b', subject: '\u3164', message: '\u2800' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json<{ errors: Record<string, string> }>().errors).toEqual({
      full_name: 'Full name is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(await refused('/api/blogs', { title: 'Post', tags: ['ok', '\u200b'] })).toEqual({ 'tags.1': 'Tags: items cannot be empty' });
    // Text that shows something keeps its invisible characters: a Persian word's zero-width non-joiner, an emoji's joiner.
    expect(await created('/api/blogs', { title: 'می\u200cخواهم' })).toMatchObject({ title: 'می\u200cخواهم' });
    expect(await created('/api/blogs', { title: 'Team \u{1f468}\u200d\u{1f469}\u200d\u{1f467}' })).toMatchObject({ title: 'Team \u{1f468}\u200d\u{1f469}\u200d\u{1f467}' });
  });

  it('a date given as a number is asked for as a date', async () => {
    expect(await refused('/api/blogs', { title: 'Dated', published_at: 12345 })).toEqual({ published_at: `Publish date must be a valid date (${DATE_FORMAT_HINT})` });
  });

  it('a number far past the maximum is over the maximum, not "not a whole number"', async () => {
    expect(await refused('/api/counters', { label: 'Projects', value: 1e308 })).toEqual({ value: expect.stringMatching(/^Value must be at most \d+$/) });
  });

  it('a query parameter given twice, or too long, is named and explained', async () => {
    const twice = await t.app.inject({ method: 'GET', url: '/api/public/blogs?tag=a&tag=b' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: "'tag' takes one value, not a list (is it given more than once?).", errors: { tag: "'tag' takes one value, not a list (is it given more than once?)" } });
    const long = await t.app.inject({ method: 'GET', url: `/api/public/blogs?q=${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: "'q' must be at most 200 characters.", errors: { q: "'q' must be at most 200 characters" } });
  });

  it("a list inside a body's field is named by its path, without the query parameters' hint", async () => {
    expect(await refused('/api/blogs', { title: 'Nested', tags: [['a']] })).toEqual({ 'tags.0': "'tags.0' must be text, not a list" });
  });

  it('a body with a "__proto__" key is refused as such, not as invalid JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact-us-form',
      headers: { 'content-type': 'application/json' },
      payload: '{"full_name":"Ada","email":"ada@example.com","subject":"s","message":"m","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body holds a "__proto__" or "constructor.prototype" key, which this API refuses.' });
  });
});

describe('ids above the largest either database gives', () => {
  // PostgreSQL's id columns are `integer`: 2147483648 made it answer 500 where SQLite answered 404 (an outside probe
  // comparing the two). Both now answer the same, before any statement runs.
  const ID_MESSAGE = 'The id must be a whole number from 1 to 2147483647';
  const TOO_LARGE = ['2147483648', '9999999999', '999999999999999'];

  it('are refused in an address with what an id is, on every route that takes one', async () => {
    for (const id of TOO_LARGE) {
      for (const [method, url] of [
        ['get', `/api/blogs/${id}`],
        ['put', `/api/blogs/${id}`],
        ['delete', `/api/blogs/${id}`],
        ['get', `/api/contact-us-form/${id}`],
        ['get', `/api/users-management/${id}`],
        ['delete', `/api/users-management/${id}`],
        ['delete', `/api/sessions/${id}`],
      ] as const) {
        const response = method === 'put' ? await api.put(url, { title: 'x' }) : await api[method](url);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
        expect(response.json()).toEqual({ message: `${ID_MESSAGE}.`, errors: { id: ID_MESSAGE } });
      }
      const website = await t.app.inject({ method: 'GET', url: `/api/public/careers/${id}` });
      expect(website.statusCode, website.body).toBe(400);
      expect(website.json<{ message: string }>().message).toBe(`${ID_MESSAGE}.`);
    }
    // The largest is an id like any other: not found.
    expect((await api.get('/api/blogs/2147483647')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/careers/2147483647' })).statusCode).toBe(404);
  });

  it('are refused in an id filter, and name no job posting in an application', async () => {
    const filtered = await api.get(`/api/blogs?filter=${encodeURIComponent(JSON.stringify({ id: [1, 2147483648] }))}`);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json<{ message: string }>().message).toBe("The filter 'id' must be a record id (a whole number from 1 to 2147483647) or a list of them.");
    for (const career_id of [2147483648, '2147483648', 999999999999999]) {
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/public/careers-form',
        payload: { career_id, full_name: 'Ada Lovelace', email: 'ada@example.com' },
      });
      expect(applied.statusCode, applied.body).toBe(400);
      expect(applied.json<{ errors: Record<string, string> }>().errors.career_id).toBe('This job posting does not exist.');
    }
  });
});
