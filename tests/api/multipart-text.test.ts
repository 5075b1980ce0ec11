// The text parts of multipart/form-data are read strictly as UTF-8 (server/form-text.ts): bytes that are not UTF-8
// are refused on their field, as the same bytes in JSON are, and never stored altered (a probe had "A\xff\xfe"
// stored as "A\uFFFD\uFFFD"). Both places that read multipart text: the website's forms and sign-in (SPEC §7).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '../../schema/api';
import { NOT_UTF8_MESSAGE } from '../../server/plugins/json-body';
import { RESERVED_FIELD_NAME } from '../../server/file-parts';
import { apiClient, csrf, listParams, setupApp, signIn, USER, type ApiClient, type TestApp } from './helpers';

const FORM_ERROR = 'Please check the form for errors';
const BOUNDARY = '----cornerstone-text';

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

/** A multipart body written byte by byte: each part's value exactly as given. */
function body(parts: [name: string, value: Buffer | string, headers?: string][]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value, headers = ''] of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n${headers}\r\n`));
    chunks.push(Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const postForm = (name: string, payload: Buffer) =>
  t.app.inject({ method: 'POST', url: `/api/public/${name}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });

async function stored(area: string): Promise<Record<string, unknown>[]> {
  const response = await api.get(`/api/${area}${listParams({ sort: ['id', 'ASC'], range: [0, 99] })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function expectFieldError(response: LightMyRequestResponse, errors: Record<string, string>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message: FORM_ERROR, errors });
}

describe("a website form's text parts", () => {
  it('that are not UTF-8 are refused on their field, as in JSON, and nothing is stored', async () => {
    const before = await stored('careers-form');
    const invalid = Buffer.from([0x41, 0xff, 0xfe]);
    expectFieldError(await postForm('careers-form', body([['full_name', invalid], ['email', 'a@example.com']])), { full_name: 'Full name must be UTF-8 text' });
    // A sequence cut short, an overlong encoding and an encoded surrogate: none of them is UTF-8 either.
    for (const bytes of [[0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const response = await postForm('careers-form', body([['full_name', 'Amira'], ['email', 'a@example.com'], ['message', Buffer.from([0x48, 0x69, ...bytes])]]));
      expectFieldError(response, { message: 'Cover letter must be UTF-8 text' });
    }
    // The same bytes in JSON.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/public/careers-form',
      payload: Buffer.concat([Buffer.from('{"full_name":"'), invalid, Buffer.from('","email":"a@example.com"}')]),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: NOT_UTF8_MESSAGE });
    expect(await stored('careers-form')).toEqual(before);
  });

  it('that are UTF-8 are stored exactly, whatever their script, and as declared when a part names its charset', async () => {
    const name = 'Zoë Łódź-Nakamura 中村 ✓ 🏗️';
    const response = await postForm('contact-us-form', body([['full_name', name], ['email', 'zoe@example.com'], ['subject', 'Ünïcode'], ['message', 'Grüße — ok']]));
    expect(response.statusCode, response.body).toBe(201);
    expect((await stored('contact-us-form')).at(-1)).toMatchObject({ full_name: name, subject: 'Ünïcode', message: 'Grüße — ok', email: 'zoe@example.com' });
    // .NET's HttpClient labels every text part so; a legacy client may declare Latin-1 and send its bytes.
    const labelled = await postForm(
      'contact-us-form',
      body([
        ['full_name', name, 'content-type: text/plain; charset=utf-8\r\n'],
        ['email', 'zoe@example.com'],
        ['subject', Buffer.from('Jos\u00e9', 'latin1'), 'content-type: text/plain; charset=iso-8859-1\r\n'],
        ['message', 'Hi'],
      ]),
    );
    expect(labelled.statusCode, labelled.body).toBe(201);
    expect((await stored('contact-us-form')).at(-1)).toMatchObject({ full_name: name, subject: 'José' });
  });

  it('holding the replacement character U+FFFD are refused too: what busboy puts for bytes it could not read', async () => {
    const response = await postForm('contact-us-form', body([['full_name', 'Ann \uFFFD'], ['email', 'ann@example.com'], ['subject', 'Hello'], ['message', 'Hi']]));
    expectFieldError(response, { full_name: 'Full name must be UTF-8 text' });
  });

  it('fill the honeypot when they are bytes that are not UTF-8: answered as received, nothing stored', async () => {
    const before = await stored('contact-us-form');
    const response = await postForm('contact-us-form', body([['full_name', 'Bot'], ['email', 'bot@example.com'], ['subject', 'Deal'], ['message', 'Buy'], [HONEYPOT_FIELD, Buffer.from([0xff])]]));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ received: true });
    expect(await stored('contact-us-form')).toEqual(before);
  });

  it('of a field the form does not declare are ignored, UTF-8 or not', async () => {
    const response = await postForm('contact-us-form', body([['full_name', 'Ann'], ['email', 'ann@example.com'], ['subject', 'Hello'], ['message', 'Hi'], ['extra', Buffer.from([0xff])]]));
    expect(response.statusCode, response.body).toBe(201);
  });

  // @fastify/multipart stops reading at such a name; it answered "malformed" (an outside probe).
  it('named like a built-in property of JavaScript objects are refused as that, on every form, and nothing is stored', async () => {
    const before = await stored('contact-us-form');
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const response = await postForm('contact-us-form', body([['full_name', 'Ann'], ['email', 'ann@example.com'], ['subject', 'Hello'], ['message', 'Hi'], [name, 'x']]));
      expect([response.statusCode, response.json()], name).toEqual([400, { message: RESERVED_FIELD_NAME }]);
    }
    expect(await stored('contact-us-form')).toEqual(before);
    const pair = csrf();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/login', payload: body([['email', USER.email], ['password', USER.password], ['constructor', 'x']]), cookies: pair.cookies, headers: { ...pair.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect([signIn.statusCode, signIn.json()]).toEqual([400, { message: RESERVED_FIELD_NAME }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body([['toString', 'x']]),
      cookies: pair.cookies,
      headers: { ...pair.headers, authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect([upload.statusCode, upload.json()]).toEqual([400, { message: RESERVED_FIELD_NAME }]);
  });
});

describe('sign-in in multipart/form-data (SPEC §7)', () => {
  const post = (payload: Buffer) => {
    const pair = csrf();
    return t.app.inject({ method: 'POST', url: '/api/login', payload, cookies: pair.cookies, headers: { ...pair.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
  };

  it('refuses a password that is not UTF-8, saying so on the field', async () => {
    const response = await post(body([['email', USER.email], ['password', Buffer.concat([Buffer.from(USER.password), Buffer.from([0xff])])]]));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: 'Password must be UTF-8 text.', errors: { password: 'Password must be UTF-8 text' } });
  });

  it('reads a UTF-8 password exactly', async () => {
    const response = await post(body([['email', USER.email], ['password', USER.password]]));
    expect(response.statusCode, response.body).toBe(200);
  });
});
