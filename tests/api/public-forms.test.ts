// The website's forms (issue #7): JSON or multipart, a CV checked by its bytes and stored with the application in
// one transaction, the honeypot, the per-form cap across instances, applications only to open postings, unread
// badges, and no 5xx for anything a visitor (or a bot) can send.
import { Readable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '../../schema/api';
import { areas } from '../../schema/areas';
import { defineArea, fields } from '../../schema/define';
import { buildApp } from '../../server/app';
import { buildAreaModel } from '../../server/areas/model';
import { dialectOf } from '../../server/db';
import { OPENAPI_PATH } from '../../server/plugins/openapi';
import { pascalCase } from '../../server/routes/contract';
import { FILES_BUSY, FILES_SHARE_USED, FORM_BUSY, PUBLIC_FORM_JSON_LIMIT, HONEYPOT_NOT_TEXT, MALFORMED_FORM, NOT_A_FORM, publicRoutes } from '../../server/routes/public';
import { RESERVED_FIELD_NAME } from '../../server/file-parts';
import { DOC, DOCX, ELF, EXE, PDF, PNG } from '../helpers/files';
import { apiClient, AUTH_REQUIRED, listParams, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

const FORM_ERROR = 'Please check the form for errors';
const RECEIVED = { received: true };
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const CV_TYPE = 'CV must be a PDF or DOCX document';
const FILE_IN_BODY = 'Send the file itself with the form (multipart/form-data), not a reference to one';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const contact = { full_name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A quote', message: 'Hello there' };
const project = {
  full_name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  project_type: 'commercial',
  location: 'Arlington',
  message: 'A new office',
};
const applicant = { full_name: 'Amira Haddad', email: 'amira@example.com', phone: '+44 7700 900123', message: 'Three years on site.' };

type Part = [name: string, value: string | File];
const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** multipart/form-data exactly as a browser's FormData encodes it; repeated names allowed. */
async function encode(parts: Part[]) {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const partsOf = (fieldsToSend: Record<string, string>, extra: Part[] = []): Part[] => [...Object.entries(fieldsToSend), ...extra];

function postJson(app: FastifyInstance, name: string, payload: InjectOptions['payload'], headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/public/${name}`, payload, headers });
}

async function postForm(app: FastifyInstance, name: string, parts: Part[], remoteAddress?: string) {
  const { payload, contentType } = await encode(parts);
  return app.inject({ method: 'POST', url: `/api/public/${name}`, payload, headers: { 'content-type': contentType }, ...(remoteAddress && { remoteAddress }) });
}

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

async function counts(db = t.db) {
  const records = await db.selectFrom('records').select(['area']).where('area', 'in', ['contact-us-form', 'project-form', 'careers-form']).execute();
  const uploads = await db.selectFrom('uploads').select('id').execute();
  return { records: records.length, uploads: uploads.length };
}

/** The newest submission of an inbox, as the console reads it (a list read does not mark it read). */
async function newest(name: string, client = api) {
  const response = await client.get(`/api/${name}${listParams({ sort: ['id', 'DESC'], range: [0, 0] })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, unknown>[]>()[0]!;
}

function expectAccepted(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toEqual(RECEIVED);
}

describe('each form takes JSON and multipart/form-data alike', () => {
  it.each([
    ['contact-us-form', contact],
    ['project-form', project],
    ['careers-form', applicant],
  ] as const)('%s', async (name, body) => {
    expectAccepted(await postJson(t.app, name, body));
    const fromJson = await newest(name);
    expectAccepted(await postForm(t.app, name, partsOf(body)));
    const fromForm = await newest(name);
    expect(fromForm.id).not.toBe(fromJson.id);
    const strip = ({ id: _id, created_at: _c, updated_at: _u, ...rest }: Record<string, unknown>) => rest;
    expect(strip(fromForm)).toEqual(strip(fromJson));
    expect(fromForm).toMatchObject({ ...body, status: 'new', read: false, notes: null });
  });

  it('read text as JSON strings would be read: an empty optional choice is none, a posting id is a number', async () => {
    expectAccepted(await postForm(t.app, 'project-form', partsOf({ ...project, budget: '', timeline: 'asap', company: '' })));
    expect(await newest('project-form')).toMatchObject({ budget: null, timeline: 'asap', company: null });

    const posting = await createPosting({ title: 'Site Engineer' });
    expectAccepted(await postForm(t.app, 'careers-form', partsOf({ ...applicant, career_id: String(posting) })));
    expect(await newest('careers-form')).toMatchObject({ career_id: posting });
  });

  it('answer field errors exactly as the JSON path does', async () => {
    const invalid = { email: 'nope', project_type: 'castle' };
    const fromJson = await postJson(t.app, 'project-form', invalid);
    const fromForm = await postForm(t.app, 'project-form', partsOf(invalid));
    expect(fromJson.statusCode).toBe(400);
    expect(fromForm.statusCode).toBe(400);
    expect(fromForm.json()).toEqual(fromJson.json());
    expect(fromForm.json()).toEqual({
      message: FORM_ERROR,
      errors: {
        full_name: 'Full name is required',
        email: 'Email must be a valid email address',
        phone: 'Phone is required',
        project_type: expect.stringMatching(/^Project type must be one of: /),
        location: 'Project location is required',
        message: 'Project details is required',
      },
    });
  });

  it('refuse a repeated name for a field that takes one value, saying so, and store nothing', async () => {
    const before = await counts();
    const response = await postForm(t.app, 'contact-us-form', [...partsOf(contact), ['subject', 'Another subject'], ['full_name', 'B']]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: FORM_ERROR,
      errors: { subject: 'Subject was sent more than once', full_name: 'Full name was sent more than once' },
    });
    expect(await counts()).toEqual(before);
  });

  it('ignore a repeated name the form does not declare, as any unknown field', async () => {
    expectAccepted(await postForm(t.app, 'contact-us-form', [...partsOf(contact), ['utm_source', 'a'], ['utm_source', 'b']]));
  });

  it('never answer the id of the new record', async () => {
    const response = await postJson(t.app, 'contact-us-form', contact);
    expect(Object.keys(response.json())).toEqual(['received']);
  });
});

async function createPosting(extra: Record<string, unknown>): Promise<number> {
  const response = await api.post('/api/careers', { department: 'Construction', location: 'Leeds', publication: 'published', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('a job application with its CV', () => {
  async function apply(cv: File, extra: Part[] = []) {
    return postForm(t.app, 'careers-form', partsOf(applicant, [['cv', cv], ...extra]));
  }

  it.each([
    ['a PDF', PDF, 'Amira Haddad CV.pdf', 'application/pdf', 'application/pdf', 'Amira Haddad CV.pdf'],
    ['a DOCX sent as octet-stream', DOCX, 'cv.docx', 'application/octet-stream', DOCX_MIME, 'cv.docx'],
    ['a PDF named .docx', PDF, 'cv.docx', DOCX_MIME, 'application/pdf', 'cv.pdf'],
  ])('stores %s as a private document and names it in the record as the console does', async (_label, bytes, name, declared, mime, title) => {
    const before = await counts();
    expectAccepted(await apply(file(bytes, name, declared)));
    expect(await counts()).toEqual({ records: before.records + 1, uploads: before.uploads + 1 });

    const record = await newest('careers-form');
    const id = /^\/api\/uploads\/([0-9a-f]{32})$/.exec((record.cv as { src: string }).src)?.[1];
    expect(record.cv).toEqual({ src: `/api/uploads/${id}`, title, mime, size: bytes.length });
    const row = await t.db.selectFrom('uploads').select(['kind', 'mime', 'created_by']).where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'document', mime, created_by: null });
    // The life cycle of issue #6: the record names its CV.
    const references = await t.db.selectFrom('upload_references').select('record_id').where('upload_id', '=', id!).execute();
    expect(references.map((reference) => Number(reference.record_id))).toEqual([record.id]);
  });

  it('is readable by a signed-in user and a short-lived signed link, never anonymously', async () => {
    expectAccepted(await apply(file(PDF, 'cv.pdf', 'application/pdf')));
    const src = ((await newest('careers-form')).cv as { src: string }).src;

    const anonymous = await t.app.inject({ method: 'GET', url: src });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(AUTH_REQUIRED);
    expect(anonymous.body).not.toContain('%PDF');

    const signedIn = await api.get(src);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/pdf');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.rawPayload.equals(PDF)).toBe(true);

    const { url } = (await api.post(`${src}/link`)).json<{ url: string }>();
    const linked = await t.app.inject({ method: 'GET', url });
    expect(linked.statusCode).toBe(200);
    expect(linked.rawPayload.equals(PDF)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(403);
  });

  it('goes with the application when it is deleted', async () => {
    expectAccepted(await apply(file(PDF, 'cv.pdf', 'application/pdf')));
    const record = await newest('careers-form');
    const src = (record.cv as { src: string }).src;
    expect((await api.delete(`/api/careers-form/${record.id}`)).statusCode).toBe(200);
    expect((await api.get(src)).statusCode).toBe(404);
  });

  describe('refused by its bytes, storing nothing', () => {
    it.each([
      ['a Linux executable named cv.pdf', file(ELF, 'cv.pdf', 'application/pdf')],
      ['a Windows executable named cv.pdf', file(EXE, 'cv.pdf', 'application/pdf')],
      ['a PNG sent as application/pdf', file(PNG, 'cv.pdf', 'application/pdf')],
      ['a PNG sent as what it is', file(PNG, 'photo.png', 'image/png')],
      ['an old Word .doc (not a format the website takes)', file(DOC, 'cv.doc', 'application/msword')],
      ['plain text named cv.docx', file(Buffer.from('I am a CV, honest'), 'cv.docx', DOCX_MIME)],
    ])('%s: 400 on the cv field', async (_label, cv) => {
      const before = await counts();
      const response = await apply(cv);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { cv: CV_TYPE } });
      expect(await counts()).toEqual(before);
    });

    it('an empty file: 400 on the cv field', async () => {
      const before = await counts();
      const response = await apply(file(Buffer.alloc(0), 'cv.pdf', 'application/pdf'));
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { cv: 'CV: the file is empty' } });
      expect(await counts()).toEqual(before);
    });

    it('a file over 10 MB: 413 naming the cv field', async () => {
      const before = await counts();
      const response = await apply(file(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'cv.pdf', 'application/pdf'));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'CV is too large: at most 10 MB.', errors: { cv: 'CV is too large: at most 10 MB' } });
      expect(await counts()).toEqual(before);
    });

    it('a CV of exactly 10 MB is accepted', async () => {
      const bytes = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length, 0x20)]);
      expectAccepted(await apply(file(bytes, 'cv.pdf', 'application/pdf')));
      expect((await newest('careers-form')).cv).toMatchObject({ size: 10 * 1024 * 1024 });
    });

    it('with the other fields’ errors in the same answer', async () => {
      const before = await counts();
      const response = await postForm(t.app, 'careers-form', [['email', 'nope'], ['cv', file(EXE, 'cv.pdf', 'application/pdf')]]);
      expect(response.json()).toEqual({
        message: FORM_ERROR,
        errors: { full_name: 'Full name is required', email: 'Email must be a valid email address', cv: CV_TYPE },
      });
      expect(await counts()).toEqual(before);
    });

    it('a valid CV with an invalid field: neither is stored', async () => {
      const before = await counts();
      const response = await postForm(t.app, 'careers-form', [['email', 'nope'], ['cv', file(PDF, 'cv.pdf', 'application/pdf')]]);
      expect(response.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('two files in the one CV field', async () => {
      const before = await counts();
      const response = await apply(file(PDF, 'cv.pdf', 'application/pdf'), [['cv', file(PDF, 'other.pdf', 'application/pdf')]]);
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { cv: 'Send one file only' } });
      expect(await counts()).toEqual(before);
    });
  });

  describe('only a file sent with the form fills the cv field', () => {
    it('refuses a JSON cv naming someone else’s upload, and nothing is stored', async () => {
      expectAccepted(await apply(file(PDF, 'cv.pdf', 'application/pdf')));
      const theirs = (await newest('careers-form')).cv as { src: string };
      const before = await counts();
      const response = await postJson(t.app, 'careers-form', { ...applicant, cv: theirs });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { cv: FILE_IN_BODY } });
      expect(await counts()).toEqual(before);
    });

    it('refuses cv sent as a text part', async () => {
      const response = await postForm(t.app, 'careers-form', partsOf({ ...applicant, cv: '/api/uploads/0123456789abcdef0123456789abcdef' }));
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { cv: FILE_IN_BODY } });
    });

    it('accepts an application without a CV (JSON null, or a file input left empty)', async () => {
      expectAccepted(await postJson(t.app, 'careers-form', { ...applicant, cv: null }));
      expectAccepted(await postForm(t.app, 'careers-form', partsOf(applicant, [['cv', file(Buffer.alloc(0), '', 'application/octet-stream')]])));
      expect((await newest('careers-form')).cv).toBeNull();
    });

    it('refuses a file in a declared field that takes none', async () => {
      const before = await counts();
      const response = await postForm(t.app, 'contact-us-form', partsOf({ ...contact, message: '' }, [['message', file(PDF, 'm.pdf', 'application/pdf')]]));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { message: 'This field takes no file' } });
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['an unknown field', 'attachment'],
      ['a field only the team fills', 'notes'],
    ])('ignores a file in %s, as unknown fields are: the form is taken, the file is not kept', async (_label, field) => {
      const before = await counts();
      expectAccepted(await postForm(t.app, 'careers-form', partsOf(applicant, [[field, file(PDF, 'a.pdf', 'application/pdf')]])));
      expect(await counts()).toEqual({ records: before.records + 1, uploads: before.uploads });
      expect(await newest('careers-form')).toMatchObject({ ...applicant, cv: null, notes: null });
    });
  });

  it('is written in one transaction with its record: a failing insert leaves no file behind', async () => {
    const fresh = await setupApp();
    try {
      // The database refuses this one record, after the CV has been written in the same transaction.
      if (dialectOf(fresh.db) === 'postgres') {
        await sql`create function refuse_marked() returns trigger as $$ begin if new.data::text like '%Refuse Me%' then raise exception 'refused by the test'; end if; return new; end $$ language plpgsql`.execute(fresh.db);
        await sql`create trigger refuse_marked before insert on records for each row execute function refuse_marked()`.execute(fresh.db);
      } else {
        await sql`create trigger refuse_marked before insert on records when new.data like '%Refuse Me%' begin select raise(abort, 'refused by the test'); end`.execute(fresh.db);
      }
      const response = await postForm(fresh.app, 'careers-form', partsOf({ ...applicant, full_name: 'Refuse Me' }, [['cv', file(PDF, 'cv.pdf', 'application/pdf')]]));
      expect(response.statusCode).toBe(500);
      expect(await counts(fresh.db)).toEqual({ records: 0, uploads: 0 });
      // The same application from someone else goes through, with its file.
      expectAccepted(await postForm(fresh.app, 'careers-form', partsOf(applicant, [['cv', file(PDF, 'cv.pdf', 'application/pdf')]])));
      expect(await counts(fresh.db)).toEqual({ records: 1, uploads: 1 });
    } finally {
      await fresh.close();
    }
  });
});

describe('applications only to open postings', () => {
  const applyTo = (careerId: number) => postJson(t.app, 'careers-form', { ...applicant, career_id: careerId });
  const NO_LONGER_OPEN = 'This job posting is no longer open for applications.';
  const DOES_NOT_EXIST = 'This job posting does not exist.';

  // A posting the website never showed answers as one that does not exist, so its id tells nothing.
  it.each([
    ['closed', { status: 'closed' }, NO_LONGER_OPEN],
    ['past its closing date', { closing_date: day(-1) }, NO_LONGER_OPEN],
    ['a draft', { publication: 'draft' }, DOES_NOT_EXIST],
    ['a closed draft', { publication: 'draft', status: 'closed' }, DOES_NOT_EXIST],
    ['scheduled for tomorrow', { published_at: day(1) }, DOES_NOT_EXIST],
    ['scheduled for tomorrow, closing yesterday', { published_at: day(1), closing_date: day(-1) }, DOES_NOT_EXIST],
  ])('refuses a posting that is %s, storing nothing', async (label, extra, message) => {
    const posting = await createPosting({ title: `Posting ${label}`, ...extra });
    const before = await counts();
    const response = await applyTo(posting);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: FORM_ERROR, errors: { career_id: message } });
    // Multipart too, with a CV that must not be kept.
    const withCv = await postForm(t.app, 'careers-form', partsOf({ ...applicant, career_id: String(posting) }, [['cv', file(PDF, 'cv.pdf', 'application/pdf')]]));
    expect(withCv.json()).toEqual({ message: FORM_ERROR, errors: { career_id: message } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a posting that does not exist, or was deleted', async () => {
    const posting = await createPosting({ title: 'Deleted soon' });
    expect((await api.delete(`/api/careers/${posting}`)).statusCode).toBe(200);
    for (const id of [posting, 999_999]) {
      const response = await applyTo(id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { career_id: 'This job posting does not exist.' } });
    }
  });

  it('accepts an open posting (closing today still counts) and a general application', async () => {
    expectAccepted(await applyTo(await createPosting({ title: 'Closing today', closing_date: day(0) })));
    expectAccepted(await applyTo(await createPosting({ title: 'Published this morning', published_at: day(0) })));
    expectAccepted(await postJson(t.app, 'careers-form', applicant));
    expect((await newest('careers-form')).career_id).toBeNull();
  });
});

describe('the honeypot', () => {
  it('is no field of any public form, and a form declaring it stops the app', async () => {
    for (const area of areas.filter((declared) => declared.kind === 'inbox')) expect(Object.keys(area.schema.shape)).not.toContain(HONEYPOT_FIELD);
    const spammy = defineArea({
      name: 'spammy-form',
      label: 'Spammy',
      icon: 'contactForm',
      group: 'forms',
      kind: 'inbox',
      schema: z.object({ email: fields.email('Email'), [HONEYPOT_FIELD]: fields.optionalText('Website') }),
    });
    const app = Fastify({ logger: false });
    app.register(publicRoutes, { db: t.db, areas: [buildAreaModel(spammy)], config: { publicFormRateLimit: 0, publicFormGlobalLimit: 0, publicFormFilesBytesPerHour: 0, publicFormFilesBytesPerAddressPerHour: 0 } });
    await expect(app.ready()).rejects.toThrow(`'${HONEYPOT_FIELD}' is the forms' honeypot`);
    await app.close();
  });

  it.each([
    ['JSON', () => postJson(t.app, 'contact-us-form', { ...contact, [HONEYPOT_FIELD]: 'https://cheap-pills.example' })],
    ['JSON, invalid besides', () => postJson(t.app, 'contact-us-form', { email: 'nope', [HONEYPOT_FIELD]: 'x' })],
    ['JSON, repeated as a list', () => postJson(t.app, 'project-form', { ...project, [HONEYPOT_FIELD]: ['', 'spam'] })],
    ['multipart', () => postForm(t.app, 'project-form', partsOf({ ...project, [HONEYPOT_FIELD]: 'http://spam.example' }))],
    [
      'multipart with a CV',
      () => postForm(t.app, 'careers-form', partsOf({ ...applicant, [HONEYPOT_FIELD]: 'spam' }, [['cv', file(PDF, 'cv.pdf', 'application/pdf')]])),
    ],
    ['multipart with an executable', () => postForm(t.app, 'careers-form', [[HONEYPOT_FIELD, 'spam'], ['cv', file(EXE, 'cv.pdf', 'application/pdf')]])],
    ['multipart, a file in it', () => postForm(t.app, 'contact-us-form', partsOf(contact, [[HONEYPOT_FIELD, file(PDF, 'spam.pdf', 'application/pdf')]]))],
    ['multipart, an executable in it', () => postForm(t.app, 'careers-form', partsOf(applicant, [[HONEYPOT_FIELD, file(EXE, 'x.exe', 'application/octet-stream')]]))],
  ])('filled (%s): answered as accepted, nothing stored', async (_label, send) => {
    const real = await postJson(t.app, 'contact-us-form', contact);
    const before = await counts();
    const response = await send();
    expect(await counts()).toEqual(before);
    expect(response.statusCode).toBe(real.statusCode);
    expect(response.body).toBe(real.body);
    expect(response.headers['content-type']).toBe(real.headers['content-type']);
  });

  it('left empty (or blank), lets the submission through', async () => {
    const before = await counts();
    expectAccepted(await postJson(t.app, 'contact-us-form', { ...contact, [HONEYPOT_FIELD]: '' }));
    expectAccepted(await postForm(t.app, 'contact-us-form', partsOf({ ...contact, [HONEYPOT_FIELD]: ' ' })));
    expectAccepted(await postJson(t.app, 'contact-us-form', { ...contact, [HONEYPOT_FIELD]: null }));
    expectAccepted(await postJson(t.app, 'contact-us-form', { ...contact, [HONEYPOT_FIELD]: [] }));
    expect(await counts()).toEqual({ records: before.records + 4, uploads: before.uploads });
    expect(await newest('contact-us-form')).not.toHaveProperty(HONEYPOT_FIELD);
  });

  it.each([false, true, 0, 1, {}, { a: 'x' }, [1], ['x', false]])(
    'sent as something other than text (%j), is refused as such: no input sends it, a website\'s code did',
    async (value) => {
      const before = await counts();
      const response = await postJson(t.app, 'contact-us-form', { ...contact, [HONEYPOT_FIELD]: value });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: FORM_ERROR, errors: { [HONEYPOT_FIELD]: HONEYPOT_NOT_TEXT } });
      expect(await counts()).toEqual(before);
    },
  );
});

describe("the forms' files budget per hour (PUBLIC_FORM_FILES_MB_PER_HOUR)", () => {
  let budgeted: TestApp;
  beforeAll(async () => {
    // Room for two CVs an hour.
    budgeted = await setupApp({ publicFormFilesBytesPerHour: PDF.length * 2 + 10 });
  });
  afterAll(async () => {
    await budgeted.close();
  });
  const apply = (name: string) =>
    postForm(budgeted.app, 'careers-form', partsOf({ ...applicant, full_name: name }, [['cv', file(PDF, `${name}.pdf`, 'application/pdf')]]));

  it('refuses a file past it with 429 and Retry-After, stores nothing of that post, takes text alone, and opens again after the hour', async () => {
    // Anonymous posts of 10 MB "CVs" from three addresses grew the database by 300 MB a minute (an outside probe).
    expectAccepted(await apply('First'));
    expectAccepted(await apply('Second'));
    const before = await counts(budgeted.db);
    const refused = await apply('Third');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: FILES_BUSY });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await counts(budgeted.db)).toEqual(before);
    // Without the file, the application is taken; so is another form's text.
    expectAccepted(await postForm(budgeted.app, 'careers-form', partsOf({ ...applicant, full_name: 'Third, no CV' })));
    expectAccepted(await postJson(budgeted.app, 'contact-us-form', contact));
    expect(await counts(budgeted.db)).toEqual({ records: before.records + 2, uploads: before.uploads });

    // An hour later the first files leave the budget's window.
    const past = new Date(Date.now() - 3_601_000).toISOString();
    await budgeted.db.updateTable('uploads').set({ created_at: past }).execute();
    expectAccepted(await apply('Fourth'));
    expect((await counts(budgeted.db)).uploads).toBe(before.uploads + 1);
  });

  // PostgreSQL: posts with files take turns at the budget; one that waits too long answered 503 'database is busy'.
  it.runIf(process.env.TEST_DATABASE_URL)('tells a post that waited too long for its turn to send again shortly (429), storing nothing', async () => {
    await budgeted.db.updateTable('uploads').set({ created_at: new Date(Date.now() - 3_601_000).toISOString() }).execute();
    const before = await counts(budgeted.db);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken: () => void = () => undefined;
    const turnTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = budgeted.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${'form files budget'}, 0))`.execute(trx);
      taken();
      await held;
    });
    await turnTaken;
    const waited = await apply('Waited');
    release();
    await holder;
    expect([waited.statusCode, waited.json(), waited.headers['retry-after']]).toEqual([429, { message: FILES_BUSY }, '5']);
    expect(await counts(budgeted.db)).toEqual(before);
    expectAccepted(await apply('Next turn'));
  });
});

describe("each address's share of the files budget (PUBLIC_FORM_FILES_MB_PER_ADDRESS_PER_HOUR)", () => {
  let shared: TestApp;
  beforeAll(async () => {
    // Room for two CVs an hour from one address, ten from all.
    shared = await setupApp({ publicFormFilesBytesPerHour: PDF.length * 10 + 10, publicFormFilesBytesPerAddressPerHour: PDF.length * 2 + 10 });
  });
  afterAll(async () => {
    await shared.close();
  });
  const apply = (name: string, from: string, fields: Record<string, string> = {}) =>
    postForm(shared.app, 'careers-form', partsOf({ ...applicant, full_name: name, ...fields }, [['cv', file(PDF, `${name}.pdf`, 'application/pdf')]]), from);
  const names = async () =>
    (await shared.db.selectFrom('records').select('data').where('area', '=', 'careers-form').orderBy('id').execute()).map(
      // JSON text on SQLite, an object on PostgreSQL.
      (row) => ((typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { full_name: string }).full_name,
    );

  // One address spent the whole hour's budget with sixteen posts, and no applicant could attach a CV (an outside probe).
  it('refuses one address its third CV with 429 and Retry-After, storing nothing, while another address and text alone are taken', async () => {
    expectAccepted(await apply('One', '203.0.113.7'));
    expectAccepted(await apply('Two', '203.0.113.7'));
    const before = await counts(shared.db);
    const refused = await apply('Three', '203.0.113.7');
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: FILES_SHARE_USED }]);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await counts(shared.db)).toEqual(before);
    // The same address without a file; another address with one.
    expectAccepted(await postForm(shared.app, 'careers-form', partsOf({ ...applicant, full_name: 'Three, no CV' }), '203.0.113.7'));
    expectAccepted(await apply('Real applicant', '198.51.100.20'));
    expect((await names()).slice(-4)).toEqual(['One', 'Two', 'Three, no CV', 'Real applicant']);
    expect(await counts(shared.db)).toEqual({ records: before.records + 2, uploads: before.uploads + 1 });
  });

  it('is no limit of its own when the budget is switched off', async () => {
    const unbudgeted = await setupApp({ publicFormFilesBytesPerHour: 0, publicFormFilesBytesPerAddressPerHour: PDF.length * 2 + 10 });
    try {
      for (const name of ['Free one', 'Free two', 'Free three']) {
        expectAccepted(await postForm(unbudgeted.app, 'careers-form', partsOf({ ...applicant, full_name: name }, [['cv', file(PDF, 'cv.pdf', 'application/pdf')]]), '203.0.113.50'));
      }
    } finally {
      await unbudgeted.close();
    }
  });

  it('spends nothing on a post caught by the honeypot', async () => {
    const bot = await postForm(
      shared.app,
      'careers-form',
      partsOf({ ...applicant, full_name: 'Bot', [HONEYPOT_FIELD]: 'https://spam.example' }, [['cv', file(PDF, 'bot.pdf', 'application/pdf')]]),
      '203.0.113.99',
    );
    expectAccepted(bot);
    expectAccepted(await apply('After the bot, one', '203.0.113.99'));
    expectAccepted(await apply('After the bot, two', '203.0.113.99'));
    expect((await names()).slice(-2)).toEqual(['After the bot, one', 'After the bot, two']);
  });

  it('counts an IPv6 client by its /64, and gives back the room of a post refused for its fields', async () => {
    expectAccepted(await apply('Six one', '2001:db8:6:1::5'));
    // Refused for its email: nothing stored, and its file does not count.
    const invalid = await apply('Six bad', '2001:db8:6:1::6', { email: 'not an email' });
    expect(invalid.statusCode).toBe(400);
    expectAccepted(await apply('Six two', '2001:db8:6:1:ffff::9'));
    const refused = await apply('Six three', '2001:db8:6:1::7');
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: FILES_SHARE_USED }]);
    // The next /64 is another client.
    expectAccepted(await apply('Six other', '2001:db8:6:2::5'));
    expect((await names()).slice(-3)).toEqual(['Six one', 'Six two', 'Six other']);
  });
});

describe('the per-form cap per minute (PUBLIC_FORM_GLOBAL_LIMIT)', () => {
  let capped: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    capped = await setupApp({ publicFormGlobalLimit: 3 });
    // A second instance on the same database, as behind a load balancer.
    other = await buildApp({ config: capped.config, db: capped.db, logger: false });
  });
  afterAll(async () => {
    await other.close();
    await capped.close();
  });
  afterEach(async () => {
    await capped.db.deleteFrom('records').execute();
  });

  it('holds across instances, answers 429 with Retry-After, and opens again once the minute has passed', async () => {
    expectAccepted(await postJson(capped.app, 'contact-us-form', contact));
    expectAccepted(await postForm(other, 'contact-us-form', partsOf(contact)));
    expectAccepted(await postJson(capped.app, 'contact-us-form', contact));
    for (const app of [other, capped.app]) {
      const refused = await postJson(app, 'contact-us-form', contact);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: FORM_BUSY });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(55);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another form has its own budget.
    expectAccepted(await postJson(other, 'project-form', project));
    // The refused ones were not stored.
    expect((await counts(capped.db)).records).toBe(4);

    // A minute later the earliest submissions leave the window.
    const past = new Date(Date.now() - 61_000).toISOString();
    await capped.db.updateTable('records').set({ created_at: past }).where('area', '=', 'contact-us-form').execute();
    expectAccepted(await postJson(other, 'contact-us-form', contact));
  });

  it('counts again once a body is in: slow bodies that all passed the first check store no more than the cap', async () => {
    // Eight posts whose headers arrive at once and whose bodies come later, as a slow client sends them: every one
    // meets a form with nothing stored yet.
    const posts = Array.from({ length: 8 }, (_, i) => {
      const text = JSON.stringify({ ...contact, message: `Slow flood ${i}` });
      const stream = new Readable({ read() {} });
      const answer = capped.app.inject({
        method: 'POST',
        url: '/api/public/contact-us-form',
        payload: stream,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
      });
      return { answer, release: () => (stream.push(text), stream.push(null)) };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const post of posts) post.release();
    const answers = await Promise.all(posts.map((post) => post.answer));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) expect(refused.json()).toEqual({ message: FORM_BUSY });
    expect((await counts(capped.db)).records).toBe(3);
  });

  it('dates a multipart submission from when its body is in, so a body that came slowly still counts in the window', async () => {
    const { payload, contentType } = await encode(partsOf({ ...contact, message: 'Slow multipart' }));
    const stream = new Readable({ read() {} });
    const answer = capped.app.inject({
      method: 'POST',
      url: '/api/public/contact-us-form',
      payload: stream,
      headers: { 'content-type': contentType, 'content-length': String(payload.length) },
    });
    stream.push(payload.subarray(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const bodyIn = Date.now();
    stream.push(payload.subarray(40));
    stream.push(null);
    expectAccepted(await answer);
    const [row] = await capped.db.selectFrom('records').select('created_at').where('area', '=', 'contact-us-form').execute();
    // Dated by its headers it would read 400 ms earlier: a minute's slow body would be out of the window at once.
    expect(Date.parse(row!.created_at)).toBeGreaterThanOrEqual(bodyIn - 5);
  });

  it('tells when the earliest counted submission leaves the window', async () => {
    for (let i = 0; i < 3; i++) expectAccepted(await postJson(capped.app, 'careers-form', applicant));
    await capped.db.updateTable('records').set({ created_at: new Date(Date.now() - 50_000).toISOString() }).where('area', '=', 'careers-form').execute();
    const refused = await postJson(capped.app, 'careers-form', applicant);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(9);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(11);
  });

  it('does not count honeypot posts, which are refused alike once the cap is reached', async () => {
    for (let i = 0; i < 5; i++) expectAccepted(await postJson(capped.app, 'project-form', { ...project, [HONEYPOT_FIELD]: 'spam' }));
    for (let i = 0; i < 3; i++) expectAccepted(await postJson(capped.app, 'project-form', project));
    expect((await postJson(capped.app, 'project-form', { ...project, [HONEYPOT_FIELD]: 'spam' })).statusCode).toBe(429);
    expect((await postJson(capped.app, 'project-form', project)).statusCode).toBe(429);
  });

  it('is off at 0', async () => {
    const uncapped = await buildApp({ config: { ...capped.config, publicFormGlobalLimit: 0 }, db: capped.db, logger: false });
    try {
      for (let i = 0; i < 5; i++) expectAccepted(await postJson(uncapped, 'contact-us-form', contact));
    } finally {
      await uncapped.close();
    }
  });

  it('keeps the per-address limit beside it', async () => {
    const limited = await buildApp({ config: { ...capped.config, publicFormRateLimit: 2, publicFormGlobalLimit: 100 }, db: capped.db, logger: false });
    try {
      expectAccepted(await postJson(limited, 'contact-us-form', contact));
      expectAccepted(await postForm(limited, 'careers-form', partsOf(applicant)));
      const third = await postJson(limited, 'project-form', project);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'Too many submissions. Please wait a minute and try again.' });
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('spends none of the per-address budget on forms that do not exist', async () => {
    const limited = await buildApp({ config: { ...capped.config, publicFormRateLimit: 2, publicFormGlobalLimit: 100 }, db: capped.db, logger: false });
    try {
      for (const name of ['nope', 'blogs', 'nope', 'careers', 'nope']) {
        const missing = await postJson(limited, name, contact);
        expect(missing.statusCode, name).toBe(404);
        expect(missing.json()).toEqual({ message: 'Not Found' });
      }
      expectAccepted(await postJson(limited, 'contact-us-form', contact));
      expectAccepted(await postJson(limited, 'project-form', project));
      expect((await postJson(limited, 'careers-form', applicant)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

interface Media {
  schema: { type?: string; properties: Record<string, Record<string, unknown>>; required?: string[] };
}
interface Submit {
  operationId: string;
  security: unknown[];
  parameters?: unknown[];
  requestBody: { required: boolean; content: Record<string, Media> };
  responses: Record<string, unknown>;
}

describe('each form’s contract in the API document (/api/openapi.json)', () => {
  const inboxes = areas.filter((area) => area.kind === 'inbox');
  const bodies: Record<string, Record<string, unknown>> = { 'contact-us-form': contact, 'project-form': project, 'careers-form': applicant };
  let paths: Record<string, { post?: Submit }>;
  beforeAll(async () => {
    paths = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{ paths: typeof paths }>().paths;
  });
  const submit = (name: string) => paths[`/api/public/${name}`]?.post;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  it('is one operation per form, at its own path, with no path parameter', () => {
    const documented = Object.entries(paths)
      .filter(([path, item]) => path.startsWith('/api/public/') && item.post)
      .map(([path, item]) => [path, item.post!.operationId, item.post!.parameters]);
    expect(documented.sort()).toEqual(inboxes.map((area) => [`/api/public/${area.name}`, `submit${pascalCase(area.name)}`, undefined]).sort());
    expect(submit('contact-us-form')?.operationId).toBe('submitContactUsForm');
    for (const area of inboxes) expect(submit(area.name)!.security, area.name).toEqual([]);
  });

  it.each(inboxes.map((area) => [area.name, area] as const))(
    '%s: a JSON and a multipart body, each with the declared fields and the honeypot, requiring what the form requires',
    async (name, area) => {
      const { content } = submit(name)!.requestBody;
      expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
      // What the form answers 'is required' for, field by field.
      const refused = (await postJson(t.app, name, {})).json<{ errors: Record<string, string> }>().errors;
      for (const media of Object.values(content)) {
        expect(media.schema.type).toBe('object');
        expect(Object.keys(media.schema.properties).sort()).toEqual([...Object.keys(area.schema.shape), HONEYPOT_FIELD].sort());
        expect(media.schema.properties[HONEYPOT_FIELD]).toMatchObject({ type: 'string', description: expect.stringMatching(/honeypot/i) });
        expect([...(media.schema.required ?? [])].sort()).toEqual(Object.keys(refused).sort());
        expect(media.schema.properties.full_name).toMatchObject({ title: 'Full name', type: 'string', maxLength: 120 });
      }
      // A body the form takes is a body the document describes; one it refuses for a missing field is not.
      const validate = ajv.compile(content['application/json']!.schema);
      expect(validate(bodies[name]), ajv.errorsText(validate.errors)).toBe(true);
      expect(validate({ ...bodies[name], [HONEYPOT_FIELD]: '' })).toBe(true);
      expect(validate({})).toBe(false);
    },
  );

  it('careers-form: the CV is a PDF or DOCX file of up to 10 MB in multipart, and no value in JSON', () => {
    const { content } = submit('careers-form')!.requestBody;
    const { cv } = content['multipart/form-data']!.schema.properties;
    expect(cv).toMatchObject({ type: 'string', format: 'binary', description: expect.stringContaining('PDF or DOCX') });
    expect(cv!.description).toContain('10 MB');
    expect(content['application/json']!.schema.properties.cv).toMatchObject({ type: 'null' });
    for (const name of ['contact-us-form', 'project-form']) {
      const schemas = Object.values(submit(name)!.requestBody.content).map((media) => JSON.stringify(media.schema));
      for (const schema of schemas) expect(schema, name).not.toContain('binary');
    }
  });
});

describe('every accepted submission reaches its inbox unread', () => {
  it('and the Forms menu badges count it', async () => {
    const fresh = await setupApp();
    try {
      const client = apiClient(fresh.app, await signIn(fresh.app));
      expect((await client.get('/api/forms/unread')).json()).toEqual({ 'careers-form': 0, 'project-form': 0, 'contact-us-form': 0 });
      expectAccepted(await postJson(fresh.app, 'contact-us-form', contact));
      expectAccepted(await postForm(fresh.app, 'project-form', partsOf(project)));
      expectAccepted(await postForm(fresh.app, 'careers-form', partsOf(applicant, [['cv', file(PDF, 'cv.pdf', 'application/pdf')]])));
      expectAccepted(await postForm(fresh.app, 'careers-form', partsOf(applicant)));
      // Honeypot posts reach no inbox.
      expectAccepted(await postJson(fresh.app, 'contact-us-form', { ...contact, [HONEYPOT_FIELD]: 'spam' }));
      expect((await client.get('/api/forms/unread')).json()).toEqual({ 'careers-form': 2, 'project-form': 1, 'contact-us-form': 1 });
      for (const name of ['contact-us-form', 'project-form', 'careers-form']) {
        const unread = await client.get(`/api/${name}${listParams({ filter: { read: false, status: 'new' } })}`);
        expect(unread.headers['content-range']).toMatch(new RegExp(`/${name === 'careers-form' ? 2 : 1}$`));
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('malformed input never answers 5xx', () => {
  const boundary = '----cornerstone-test';
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const raw = (payload: string | Buffer, contentType: string, name = 'careers-form') =>
    t.app.inject({ method: 'POST', url: `/api/public/${name}`, payload, headers: { 'content-type': contentType } });

  it.each<[string, () => Promise<LightMyRequestResponse>, number, string]>([
    ['a body that does not match its boundary', () => raw(`--other\r\ncontent-disposition: form-data; name="email"\r\n\r\na@b.co\r\n--other--\r\n`, multipartType), 400, MALFORMED_FORM],
    ['a multipart body cut off mid-file', () => raw(`--${boundary}\r\ncontent-disposition: form-data; name="cv"; filename="cv.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4 and then noth`, multipartType), 400, MALFORMED_FORM],
    ['a part without headers (skipped: no name)', () => raw(`--${boundary}\r\n\r\nhello\r\n--${boundary}--\r\n`, multipartType), 400, FORM_ERROR],
    ['multipart without a boundary', () => raw('whatever', 'multipart/form-data'), 400, MALFORMED_FORM],
    ['a part named __proto__', () => raw(`--${boundary}\r\ncontent-disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${boundary}--\r\n`, multipartType), 400, RESERVED_FIELD_NAME],
    ['a JSON array', () => postJson(t.app, 'contact-us-form', [contact]), 400, 'The request body must be a JSON object.'],
    ['a JSON string', () => postJson(t.app, 'contact-us-form', '"hello"', { 'content-type': 'application/json' }), 400, 'The request body must be a JSON object.'],
    ['broken JSON', () => raw('{"full_name": ', 'application/json', 'contact-us-form'), 400, 'The request body is not valid JSON.'],
    ['no body at all', () => t.app.inject({ method: 'POST', url: '/api/public/contact-us-form' }), 400, 'The request body must be a JSON object.'],
    ['a urlencoded form', () => raw('full_name=Ann&email=a%40b.co', 'application/x-www-form-urlencoded', 'contact-us-form'), 415, NOT_A_FORM],
    ['text', () => raw('full_name: Ann', 'text/plain', 'contact-us-form'), 415, NOT_A_FORM],
    ['empty text', () => raw('', 'text/plain; charset=utf-8', 'contact-us-form'), 415, NOT_A_FORM],
    ['a multipart type other than form-data', () => raw(`--${boundary}--\r\n`, `multipart/mixed; boundary=${boundary}`, 'contact-us-form'), 415, NOT_A_FORM],
    ['XML', () => raw('<form/>', 'application/xml', 'contact-us-form'), 415, NOT_A_FORM],
    ['a JSON body over 1 MB', () => postJson(t.app, 'contact-us-form', { ...contact, message: 'x'.repeat(1_100_000) }), 413, 'The request body is too large.'],
    // A megabyte of 90,000 keys held the event loop a third of a second per post (an outside probe).
    [
      'a JSON body over 128 KB, of keys',
      () => postJson(t.app, 'contact-us-form', { ...contact, ...Object.fromEntries(Array.from({ length: 20_000 }, (_, n) => [`k${n}`, 1])) }),
      413,
      'The request body is too large.',
    ],
    ['an unknown form', () => postJson(t.app, 'nope', contact), 404, 'Not Found'],
    ['a form that is not an inbox', () => postJson(t.app, 'blogs', { title: 'x' }), 404, 'Not Found'],
  ])('%s', async (_label, send, status, message) => {
    const before = await counts();
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('takes the longest message as JSON with every character escaped, under the JSON limit', async () => {
    const escaped = JSON.stringify({ ...contact, message: 'é'.repeat(5000) }).replace(/é/g, '\\u00e9');
    expect(escaped.length).toBeGreaterThan(30_000);
    expect(escaped.length).toBeLessThan(PUBLIC_FORM_JSON_LIMIT);
    expectAccepted(await postJson(t.app, 'contact-us-form', escaped, { 'content-type': 'application/json' }));
  });

  it('a huge text field: refused on that field, without reading it into the record', async () => {
    const long = await postForm(t.app, 'contact-us-form', partsOf({ ...contact, message: 'x'.repeat(6000) }));
    expect(long.json()).toEqual({ message: FORM_ERROR, errors: { message: 'Message must be at most 5000 characters' } });
    const huge = await postForm(t.app, 'contact-us-form', partsOf({ ...contact, message: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: FORM_ERROR, errors: { message: 'Message is too long' } });
  });

  it('too many fields or files: 413', async () => {
    const before = await counts();
    const fieldsFlood = await postForm(t.app, 'contact-us-form', Array.from({ length: 60 }, (_, i): Part => [`f${i}`, 'x']));
    expect(fieldsFlood.statusCode).toBe(413);
    expect(fieldsFlood.json()).toEqual({ message: 'The form has too many fields or files.' });
    const filesFlood = await postForm(t.app, 'careers-form', Array.from({ length: 8 }, (): Part => ['cv', file(PDF, 'cv.pdf', 'application/pdf')]));
    expect(filesFlood.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('a JSON value of the wrong shape in any field is a field error', async () => {
    const response = await postJson(t.app, 'careers-form', { full_name: { $gt: '' }, email: ['a@b.co'], career_id: 'one', phone: 12 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: FORM_ERROR, errors: { full_name: expect.any(String), email: expect.any(String), career_id: expect.any(String) } });
  });
});
