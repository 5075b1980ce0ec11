// Issue #9 item 10 (validation): every edge the hostile-input battery found, sent to real areas through the API.
// Integers only from JSON numbers or digit text; URL fields refuse protocol-relative and backslash forms; text
// fields refuse NUL and other control characters (tab, LF and CR are text); dates refuse '0'. SQLite, and
// PostgreSQL with TEST_DATABASE_URL.
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
  ])('counters.value refuses %s', async (_label, value) => {
    expect(await refused('/api/counters', { label: 'Projects', value })).toEqual({ value: 'Value must be a number' });
  });

  it.each([
    ['1.5', 1.5],
    ["'1.5'", '1.5'],
  ])('counters.value refuses a fraction, %s', async (_label, value) => {
    expect(await refused('/api/counters', { label: 'Projects', value })).toEqual({ value: 'Value must be a whole number' });
  });

  it('takes a number, and digit text from a form input, stored as a number', async () => {
    expect(await created('/api/counters', { label: 'Projects', value: 250 })).toMatchObject({ value: 250 });
    expect(await created('/api/counters', { label: 'Clients', value: '120' })).toMatchObject({ value: 120 });
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

  it('says why for the // and /\\ forms', async () => {
    expect(await refused('/api/partners', { name: 'Acme', website: '//evil.example' })).toEqual({ website: OTHER_SITE });
    expect(await refused('/api/partners', { name: 'Acme', website: '/\\evil.example' })).toEqual({ website: OTHER_SITE });
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
  ])('a title holding %s is refused with a message naming the field', async (_label, character) => {
    expect(await refused('/api/blogs', { title: `Hello${character}world` })).toEqual({
      title: 'Title contains a control character (such as NUL) that cannot be stored',
    });
  });

  it('in optional text, rich text, lists and tags as well', async () => {
    expect(await refused('/api/blogs', { title: 'Post', excerpt: 'a\u0000b' })).toEqual({
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
    const submission = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact-us-form',
      payload: { full_name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A quote', message: 'Hello' },
    });
    expect(submission.statusCode).toBe(201);
    const list = await api.get('/api/contact-us-form');
    const id = list.json<{ id: number }[]>()[0]!.id;
    expect(await refused(`/api/contact-us-form/${id}`, { notes: 'Called \u0000 back' }, 'put')).toEqual({
      notes: 'Notes contains a control character (such as NUL) that cannot be stored',
    });
  });

  it('a website form refuses NUL in what a visitor writes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact-us-form',
      payload: { full_name: 'Ada\u0000Lovelace', email: 'ada@example.com', subject: 'A quote', message: 'Hello' },
    });
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
  it.each(['0', '2024-02-30', '99999-12-31', 'June 15, 2026', '1e3'])('refuse %s', async (published_at) => {
    expect(await refused('/api/blogs', { title: 'Dated', published_at })).toEqual({
      published_at: `Publish date must be a valid date (${DATE_FORMAT_HINT})`,
    });
  });

  it('take a real date', async () => {
    expect(await created('/api/blogs', { title: 'Dated', published_at: '2024-02-29' })).toMatchObject({ published_at: '2024-02-29' });
  });
});
