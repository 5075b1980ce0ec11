// The API document cannot drift from the API (issue #7): it is valid OpenAPI, it lists exactly the routes Fastify
// serves, and real answers (every public endpoint, every admin list, on sample content) match the response
// schemas it publishes, checked with ajv against the served JSON, not against the zod objects it came from.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { samples } from '../../schema/areas/samples';
import { FORM_ERROR } from '../../server/areas/records';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hashPassword } from '../../server/passwords';
import { COMPONENT_NAME, DOCS_PATH, OPENAPI_PATH, TAGS } from '../../server/plugins/openapi';
import { pascalCase } from '../../server/routes/contract';
import { createUser } from '../../server/repositories/users';
import { seedSampleContent } from '../../server/seed';
import { createTestDb, type TestDb } from '../helpers/db';
import { PDF, PNG } from '../helpers/files';
import { USER, apiClient, csrf, loginJson, multipart, setupApp, signIn, type ApiClient } from './helpers';

interface Media {
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  responses: Record<string, { description: string; content?: Record<string, Media>; headers?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; license?: Record<string, string> };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let testDb: TestDb;
let app: FastifyInstance;
let api: ApiClient;
let token: string;
let document: Document;
const registered: RouteOptions[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
  await createUser(testDb.db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
  await seedSampleContent(testDb.db);
  const config = loadConfig({ STATIC_DIR: '/nonexistent/cornerstone-dist', LOGIN_RATE_LIMIT: '0', PUBLIC_FORM_RATE_LIMIT: '0' });
  app = await buildApp({ config, db: testDb.db, logger: false, onRoute: (route) => registered.push(route) });
  await app.ready();
  token = await signIn(app);
  api = apiClient(app, token);
  const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});

afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );

// ---- the answers, against the published schemas ------------------------------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Checks an answer against what the document says this operation answers with this status. */
function expectDocumented(path: string, method: string, response: LightMyRequestResponse) {
  const label = `${method.toUpperCase()} ${path} → ${response.statusCode}`;
  const declared = document.paths[path]?.[method]?.responses[String(response.statusCode)];
  expect(declared, `${label} is not in the document: ${response.body.slice(0, 300)}`).toBeDefined();
  for (const header of Object.keys(declared!.headers ?? {})) {
    // X-Next-Cursor comes with full pages only; Last-Modified not in the second after a website answer changed twice;
    // a download's ETag with images only.
    if (header === 'X-Next-Cursor' || header === 'Last-Modified') continue;
    if (header === 'ETag' && path === '/api/uploads/{id}' && !String(response.headers['content-type']).startsWith('image/')) continue;
    expect(response.headers[header.toLowerCase()], `${label}: header ${header}`).toBeDefined();
  }
  if (!declared!.content) {
    expect(response.body, `${label} answers a body the document does not describe`).toBe('');
    return;
  }
  const type = String(response.headers['content-type'] ?? '').split(';', 1)[0]!.trim();
  // A download declares `*/*`: any type.
  const media = declared!.content[type] ?? declared!.content['*/*'];
  expect(media, `${label}: content type ${type} is not in the document`).toBeDefined();
  if (!type.endsWith('json')) return;
  // The document's components travel with the schema, so its $refs resolve.
  const validate = ajv.compile({ ...media!.schema, components: document.components });
  const body: unknown = response.json();
  expect(validate(body), `${label}: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`).toBe(true);
}

/** The records of a list answer: an array, or a page's `data`. */
function itemsOf(response: LightMyRequestResponse): Record<string, unknown>[] {
  if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('json')) return [];
  const body: unknown = response.json();
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
}

const PARAM = /\{([^}]+)\}/;

/** Every GET of the document that `include` takes: lists first, then one record of each list (by id, or slug). */
async function checkReads(include: (path: string) => boolean, request: (url: string) => Promise<LightMyRequestResponse>) {
  const reads = operations().filter(({ path, method }) => method === 'get' && include(path));
  const answered = new Map<string, LightMyRequestResponse>();
  for (const { path } of reads.filter(({ path }) => !PARAM.test(path))) {
    const response = await request(path);
    expectDocumented(path, 'get', response);
    answered.set(path, response);
  }
  for (const { path } of reads.filter(({ path }) => PARAM.test(path))) {
    const [, name] = path.match(PARAM)!;
    const parent = path.slice(0, path.lastIndexOf('/'));
    const item = itemsOf(answered.get(parent) ?? ({ statusCode: 0 } as LightMyRequestResponse))[0];
    if (!item) continue;
    let found = false;
    for (const candidate of new Set([item[name!], item.slug, item.id].filter((value) => value !== undefined && value !== null))) {
      const response = await request(path.replace(PARAM, encodeURIComponent(String(candidate))));
      expectDocumented(path, 'get', response);
      found ||= response.statusCode === 200;
    }
    expect(found, `GET ${path}: no record of ${parent} could be read by its ${name}`).toBe(true);
  }
  return answered;
}

describe('the API document', () => {
  it("names each declared field by its label, and says what a date, a slug and a file's address must be", () => {
    type Property = { title?: string; description?: string; anyOf?: { properties?: Record<string, Property> }[] };
    const body = (document.paths['/api/blogs']!.post as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, Property> } }> } })
      .requestBody.content['application/json']!.schema.properties;
    expect(body.title?.title).toBe('Title');
    expect(body.published_at).toMatchObject({ title: 'Publish date', description: expect.stringMatching(/^A date \(YYYY-MM-DD\), or a date and time in ISO 8601/) });
    expect(body.slug).toMatchObject({ title: 'URL slug', description: expect.stringMatching(/^Lowercase letters, digits and single hyphens/) });
    const file = body.cover_image?.anyOf?.find((option) => option.properties)?.properties;
    expect(file?.src?.description).toMatch(/^The address POST \/api\/uploads answered/);
  });

  // What an OpenAPI probe found the document not saying, that the API checks or sends (2026-12-07).
  it('says what a link must be, that a write may send its version, the values a website filter takes, and no range on an export', () => {
    type Schema = { $ref?: string; description?: string; enum?: string[]; pattern?: string; properties?: Record<string, Schema> };
    type Parameter = { name: string; in: string; description?: string; schema: Schema };
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    const resolved = (schema: Schema) => (schema.$ref ? schemas[schema.$ref.split('/').pop()!]! : schema);
    const bodyOf = (path: string, method: string) =>
      resolved((document.paths[path]![method] as unknown as { requestBody: { content: Record<string, { schema: Schema }> } }).requestBody.content['application/json']!.schema);
    const parameters = (path: string, method = 'get') => (document.paths[path]![method] as unknown as { parameters: Parameter[] }).parameters;
    for (const [path, field] of [['/api/hero/{id}', 'cta_link'], ['/api/contact-us/{id}', 'facebook'], ['/api/seo/{id}', 'canonical_url'], ['/api/banners/{id}', 'link']]) {
      expect(bodyOf(path!, 'put').properties?.[field!]?.description, `${path} ${field}`).toMatch(/^A link: a web address \(http:\/\/ or https:\/\/\), a path on this site starting with \/, mailto:, tel: or #anchor/);
    }
    expect(bodyOf('/api/banners/{id}', 'put').properties?.ends_at?.description).toMatch(/After Start, when both are given \("End must be after start"\)\.$/);
    for (const path of ['/api/blogs/{id}', '/api/hero/{id}', '/api/contact-us-form/{id}', '/api/users-management/{id}']) {
      expect(bodyOf(path, 'put').properties?.version, path).toMatchObject({ type: 'integer', description: expect.stringMatching(/^The version this edit started from/) });
    }
    const param = (path: string, name: string) => parameters(path).find((parameter) => parameter.name === name);
    // Empty first: no filter (a <select>'s "All").
    expect(param('/api/public/projects', 'featured')?.schema.enum).toEqual(['', 'true', 'false']);
    expect(param('/api/public/projects', 'category')?.schema.enum).toEqual(['', 'residential', 'commercial', 'industrial', 'infrastructure', 'renovation', 'interior']);
    expect(param('/api/public/banners', 'placement')?.schema.enum).toEqual(['', 'homepage_top', 'homepage_middle', 'sidebar', 'popup']);
    expect(param('/api/public/blogs', 'tag')?.schema.enum).toBeUndefined();
    expect(param('/api/public/blogs/{key}', 'key')?.description).toBe("The entry's slug, as its list answered it");
    expect(param('/api/uploads/{id}', 'id')?.schema.pattern).toBe('^[0-9a-f]{32}$');
    for (const path of ['/api/audit-log/export.csv', '/api/contact-us-form/export.csv']) {
      expect(parameters(path).map((parameter) => parameter.name), path).toEqual(['sort', 'filter']);
    }
    expect(Object.keys(document.paths['/api/audit-log/export.csv']!.get!.responses['200']!.headers ?? {}).sort()).toEqual(['Cache-Control', 'Content-Disposition']);
    expect(Object.keys(document.paths['/api/blogs']!.get!.responses['401']!.headers ?? {})).toEqual(['WWW-Authenticate']);
  });

  it('takes, for a user\'s edit, the password "" or null that keeps the current one, as the API does', async () => {
    // The document said a password of at least 8 characters: a client built from it could not say "keep it" (an
    // outside probe), while the API takes "" and null as that.
    const put = document.paths['/api/users-management/{id}']!.put as unknown as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } };
    const validate = ajv.compile({ ...put.requestBody.content['application/json']!.schema, components: document.components });
    for (const body of [{ name: 'Ada' }, { password: '' }, { password: null }, { password: 'long enough 1' }, { current_password: null }]) {
      expect(validate(body), JSON.stringify(body)).toBe(true);
    }
    expect(validate({ password: 'short' })).toBe(false);
    const me = (await api.get('/api/users-management')).json<{ id: number }[]>()[0]!;
    for (const password of ['', null]) {
      const answer = await api.put(`/api/users-management/${me.id}`, { name: USER.name, password });
      expectDocumented('/api/users-management/{id}', 'put', answer);
      expect(answer.statusCode).toBe(200);
    }
    expect((await loginJson(app, USER.email, USER.password)).statusCode).toBe(200);
  });

  it("names each area's records once, among its components, for clients generated from it", () => {
    type Schema = { $ref?: string; description?: string; title?: string; type?: unknown; properties?: Record<string, Schema>; items?: Schema };
    const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
    const answered = (path: string, method = 'get', status = '200') => document.paths[path]![method]!.responses[status]!.content!['application/json']!.schema as Schema;
    // The admin record, one component for every operation answering it, each with its own description beside it.
    expect(answered('/api/blogs/{id}')).toEqual({ $ref: '#/components/schemas/BlogsRecord', description: 'The record.' });
    expect(answered('/api/blogs/{id}', 'put').$ref).toBe('#/components/schemas/BlogsRecord');
    expect(answered('/api/blogs', 'post', '201').$ref).toBe('#/components/schemas/BlogsRecord');
    expect(schemas.BlogsRecord).toMatchObject({ title: 'BlogsRecord', type: 'object', properties: { title: { title: 'Title' } } });
    // The website's: the page, what its list answers of a post (no content) and what one post answers.
    expect(answered('/api/public/blogs')).toEqual({ $ref: '#/components/schemas/BlogsPublicPage' });
    expect(schemas.BlogsPublicPage?.properties?.data?.items).toEqual({ $ref: '#/components/schemas/BlogsPublicListItem' });
    expect(answered('/api/public/blogs/{key}')).toEqual({ $ref: '#/components/schemas/BlogsPublicItem' });
    expect(Object.keys(schemas.BlogsPublicItem?.properties ?? {})).toContain('content');
    expect(Object.keys(schemas.BlogsPublicListItem?.properties ?? {})).not.toContain('content');
    for (const area of areas.filter((candidate) => candidate.name !== 'users-management')) {
      expect(schemas[`${pascalCase(area.name)}Record`], `${area.name}: its record`).toBeDefined();
      if (area.website) expect(schemas[`${pascalCase(area.name)}PublicItem`], `${area.name}: what the website reads`).toBeDefined();
    }
    // No titled object is written out again in an operation: every one is its component.
    const inline: string[] = [];
    const visit = (value: unknown, where: string): void => {
      if (Array.isArray(value)) value.forEach((child) => visit(child, where));
      else if (value !== null && typeof value === 'object') {
        const { title, type } = value as Schema;
        if (typeof title === 'string' && COMPONENT_NAME.test(title) && type === 'object') inline.push(`${where}: ${title}`);
        for (const child of Object.values(value)) visit(child, where);
      }
    };
    for (const [path, item] of Object.entries(document.paths)) visit(item, path);
    expect(inline).toEqual([]);
  });

  it('is valid OpenAPI, named and versioned', async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toBe('Cornerstone API');
  });

  // What `redocly lint` (recommended) asked for: a server (no-empty-servers, an error) and a license (info-license).
  it('names its server (PUBLIC_URL, else relative to the document) and a license that is true: the package names none', async () => {
    expect(document.servers).toEqual([{ url: '/' }]);
    // package.json is private and names no license, and no licence file ships with it.
    expect(document.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
    const other = await setupApp({ publicUrl: 'https://cms.example.com' });
    try {
      expect((await other.app.inject({ url: OPENAPI_PATH })).json<Document>().servers).toEqual([{ url: 'https://cms.example.com' }]);
    } finally {
      await other.close();
    }
  });

  it('declares the headers the docs promise: a download\'s caching and name, the CSV export\'s, a website refusal\'s no-store', () => {
    const headersOf = (path: string, method: string, status: string) => Object.keys(document.paths[path]?.[method]?.responses[status]?.headers ?? {}).sort();
    expect(headersOf('/api/uploads/{id}', 'get', '200')).toEqual(['Cache-Control', 'Content-Disposition', 'ETag']);
    expect(headersOf('/api/uploads/{id}', 'get', '304')).toEqual(['ETag']);
    for (const inbox of areas.filter((area) => area.kind === 'inbox')) {
      expect(headersOf(`/api/${inbox.name}/export.csv`, 'get', '200'), inbox.name).toEqual(['Cache-Control', 'Content-Disposition']);
    }
    const reads = operations().filter(({ path, method }) => method === 'get' && path.startsWith('/api/public/'));
    for (const { path } of reads) {
      for (const status of ['400', '404']) {
        expect(headersOf(path, 'get', status), `GET ${path} ${status}`).toEqual(['Cache-Control']);
      }
    }
    // A download's 403 is its signed link's, not the CSRF check's (a GET meets none).
    expect(document.paths['/api/uploads/{id}']!.get!.responses['403']!.description).toBe(
      'A signed link (sig and exp) that is not valid, or has expired: "This download link is invalid or has expired. Open the file again from the console."',
    );
  });

  it('lists every route Fastify serves, and nothing else', () => {
    const served = registered
      .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url: route.url })))
      // HEAD copies of GET routes and CORS preflights are not operations; the docs page's own files and the document
      // itself are not part of the API.
      .filter(({ method, url }) => !['HEAD', 'OPTIONS'].includes(method) && url !== OPENAPI_PATH && !url.startsWith(DOCS_PATH))
      .map(({ method, url }) => `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();
    const documented = operations()
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(served.length).toBeGreaterThan(60);
    expect(documented).toEqual(served);
    // Every declared area is there.
    for (const area of areas) expect(documented, area.name).toContain(`GET /api/${area.name}`);
  });

  it('names, tags and describes the answer of every operation', () => {
    const ids = new Set<string>();
    const tags = new Set<string>(TAGS.map((tag) => tag.name));
    for (const { path, method, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, label).toBeTruthy();
      expect(ids.has(operation.operationId!), `${label}: operationId ${operation.operationId} is used twice`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, label).toBeTruthy();
      // Linters of OpenAPI documents (Spectral's operation-description) ask every operation for one.
      expect(operation.description, `${label}: no description`).toBeTruthy();
      expect(operation.tags?.length, label).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(tags, `${label}: tag ${tag}`).toContain(tag);
      const success = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
      expect(success.length, `${label} declares no 2xx answer`).toBeGreaterThan(0);
      for (const [status, response] of success) {
        // A route without a response schema gets 'Default Response' and no content.
        if (status !== '204') expect(response.content, `${label} ${status}: no answer schema`).toBeDefined();
        if (!path.startsWith('/api/public/')) expect(response.description, `${label} ${status}`).not.toBe('Default Response');
      }
      // Admin routes say how to authenticate (an empty list for the few that need nothing).
      if (!path.startsWith('/api/public/')) expect(operation.security, `${label}: security`).toBeDefined();
    }
  });

  it('describes the caching of every website read: its headers, and 304', () => {
    const reads = operations().filter(({ path, method }) => method === 'get' && path.startsWith('/api/public/'));
    expect(reads.length).toBeGreaterThan(5);
    for (const { path, operation } of reads) {
      for (const status of ['200', '304']) {
        expect(Object.keys(operation.responses[status]?.headers ?? {}).sort(), `GET ${path} ${status}`).toEqual(['Cache-Control', 'ETag', 'Last-Modified']);
      }
      expect(operation.responses['304']?.content, `GET ${path}: a 304 has no body`).toBeUndefined();
    }
  });

  it('says Retry-After on every 429 (sign-in, each website form, the user changes that need your password) and every 503 (each operation may answer one)', () => {
    const refusals = operations().filter(({ operation }) => operation.responses['429']);
    const forms = areas.filter((area) => area.kind === 'inbox').map((area) => `POST /api/public/${area.name}`);
    const users = ['POST /api/users-management', 'PUT /api/users-management/{id}', 'POST /api/users-management/{id}/unlock'];
    expect(refusals.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(['POST /api/login', ...forms, ...users].sort());
    const writes = operations().filter(({ method }) => method !== 'get');
    expect(writes.length).toBeGreaterThan(30);
    // Health's own 503 included.
    for (const { path, method, operation } of operations()) {
      for (const status of ['429', '503'].filter((status) => operation.responses[status])) {
        expect(operation.responses[status]!.headers, `${method.toUpperCase()} ${path} ${status}`).toHaveProperty('Retry-After');
      }
    }
    // A read too: a PostgreSQL server that is down refuses reads as well as writes.
    const reads = operations().filter(({ method }) => method === 'get');
    expect(reads.length).toBeGreaterThan(30);
    for (const { path, method, operation } of [...reads, ...writes].filter(({ path }) => path !== '/api/health')) {
      expect(operation.responses['503']?.description, `${method.toUpperCase()} ${path}`).toMatch(/busy.*unavailable: unreachable, or for a write read-only or full/);
    }
  });

  it('describes the list dialect of every admin list, and its Content-Range header', () => {
    for (const area of areas) {
      const list = document.paths[`/api/${area.name}`]?.get;
      expect(list?.operationId, area.name).toMatch(/^list[A-Z]/);
      // Sent with every page: required on the header (OpenAPI's place for it), not inside its schema.
      const contentRange = list?.responses['200']?.headers?.['Content-Range'] as { required?: boolean; schema?: object } | undefined;
      expect(contentRange, area.name).toMatchObject({ required: true, schema: { type: 'string' } });
      expect(contentRange?.schema, area.name).not.toHaveProperty('required');
      // Users live outside the record store and page by range only.
      const parameters = area.name === 'users-management' ? ['filter', 'range', 'sort'] : ['cursor', 'filter', 'projection', 'range', 'sort'];
      if (area.kind !== 'singleton') expect(list?.parameters?.map((parameter) => parameter.name).sort(), area.name).toEqual(parameters);
    }
  });
});

/** The headers of a signed-in DELETE with an If-Match. */
function deleteHeaders(ifMatch: string) {
  const pair = csrf();
  return { cookies: pair.cookies, headers: { ...pair.headers, authorization: `Bearer ${token}`, 'if-match': ifMatch } };
}

describe('real answers match the document', () => {
  it('every admin read (each area and users, on sample content) and one record of each', async () => {
    const answered = await checkReads((path) => !path.startsWith('/api/public/'), (url) => api.get(url));
    for (const area of areas) expect(answered.get(`/api/${area.name}`)?.statusCode, area.name).toBe(200);
    for (const area of areas.filter((area) => area.kind !== 'singleton' && (samples[area.name]?.length ?? 0) > 0)) {
      expect(itemsOf(answered.get(`/api/${area.name}`)!).length, `${area.name} has sample records`).toBeGreaterThan(0);
    }
  });

  // Swagger UI's Try it out sends a parameter's example as it is: `filter={"q":"text"}` answered every list, the audit
  // log's 365 entries too, with [] (an outside probe).
  it("every admin list called with its parameters' examples, as Try it out sends them, answers its records", async () => {
    for (const area of areas.filter((area) => area.kind !== 'singleton' && (samples[area.name]?.length ?? 0) > 0)) {
      const parameters = (document.paths[`/api/${area.name}`]?.get?.parameters ?? []) as { name: string; in: string; example?: unknown; schema?: { example?: unknown } }[];
      const query = new URLSearchParams();
      for (const parameter of parameters) {
        const example = parameter.example ?? parameter.schema?.example;
        if (parameter.in === 'query' && typeof example === 'string') query.set(parameter.name, example);
      }
      expect(query.get('filter'), area.name).toBe('{}');
      const response = await api.get(`/api/${area.name}?${query.toString()}`);
      expect(response.statusCode, `${area.name}: ${response.body}`).toBe(200);
      expect(response.json<unknown[]>().length, `${area.name} answers its sample records`).toBeGreaterThan(0);
    }
  });

  it('every public read: lists, one item of each, and singletons', async () => {
    // As a website calls them: no token, no cookie.
    const answered = await checkReads((path) => path.startsWith('/api/public/'), (url) => app.inject({ method: 'GET', url }));
    const lists = [...answered.entries()].filter(([path]) => !PARAM.test(path));
    expect(lists.length).toBeGreaterThan(0);
    for (const [path, response] of lists) expect(response.statusCode, `GET ${path}`).toBe(200);
    // The same again with the validators the website kept: 304, without a body.
    for (const [path, response] of lists) {
      const again = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode, `GET ${path} with its ETag`).toBe(304);
      expectDocumented(path, 'get', again);
      const since = await app.inject({ method: 'GET', url: path, headers: { 'if-modified-since': String(response.headers['last-modified']) } });
      expect(since.statusCode, `GET ${path} with its Last-Modified`).toBe(304);
    }
  });

  it('429 of sign-in and of a website form, with Retry-After', async () => {
    const limited = await setupApp({ loginRateLimit: 1, publicFormRateLimit: 1 });
    try {
      for (const path of ['/api/login', '/api/public/contact-us-form']) {
        const send = () => (path === '/api/login' ? loginJson(limited.app, 'nobody@example.com', 'not the password') : limited.app.inject({ method: 'POST', url: path, payload: samples['contact-us-form']![0] }));
        expect((await send()).statusCode, path).not.toBe(429);
        const refused = await send();
        expect(refused.statusCode, path).toBe(429);
        expect(refused.headers['retry-after'], path).toMatch(/^\d+$/);
        expect(document.paths[path]?.post?.responses['429']?.headers, path).toHaveProperty('Retry-After');
        expectDocumented(path, 'post', refused);
      }
    } finally {
      await limited.close();
    }
  });

  // PostgreSQL's read-only case needs a session of its own (tests/api/storage-faults.test.ts): the pool has several.
  it.skipIf(process.env.TEST_DATABASE_URL)('503 of a write the database cannot take, with Retry-After', async () => {
    await sql`pragma query_only = on`.execute(testDb.db);
    try {
      const refused = await api.post('/api/blogs', { title: 'Not now' });
      expect(refused.statusCode).toBe(503);
      expectDocumented('/api/blogs', 'post', refused);
    } finally {
      await sql`pragma query_only = off`.execute(testDb.db);
    }
  });

  it('a public form submission, for each form', async () => {
    for (const area of areas.filter((area) => area.kind === 'inbox')) {
      const path = `/api/public/${area.name}`;
      expect(document.paths[path]?.post, `the document lists ${path}`).toBeDefined();
      // A general application: the website offers only open postings, which samples may not hold.
      const body = { ...samples[area.name]![0], ...(area.name === 'careers-form' && { career_id: null }) };
      const response = await app.inject({ method: 'POST', url: path, payload: body });
      expect(response.statusCode, `${area.name}: ${response.body}`).toBe(201);
      expectDocumented(path, 'post', response);
    }
  });

  it('refusals: no token, unknown record, refused form, refused list parameters', async () => {
    expectDocumented('/api/blogs', 'get', await app.inject({ method: 'GET', url: '/api/blogs' }));
    expectDocumented('/api/blogs/{id}', 'get', await api.get('/api/blogs/999999'));
    // Bodies are documented, not validated by Fastify: the form's own message and field errors stay.
    const refused = await api.post('/api/blogs', { status: 'archived' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: FORM_ERROR, errors: { title: expect.any(String), status: expect.any(String) } });
    expectDocumented('/api/blogs', 'post', refused);
    const badSort = await api.get(`/api/blogs?sort=${encodeURIComponent('["nope","ASC"]')}`);
    expect(badSort.json().message).toMatch(/^Cannot sort blogs by 'nope'/);
    expectDocumented('/api/blogs', 'get', badSort);
    expectDocumented('/api/users-management', 'post', await api.post('/api/users-management', { name: '' }));
    expectDocumented('/api/contact-us-form/export.csv', 'get', await api.get('/api/contact-us-form/export.csv'));
    expectDocumented('/api/public/blogs/{key}', 'get', await app.inject({ method: 'GET', url: '/api/public/blogs/not-published-anywhere' }));
    expectDocumented('/api/public/blogs', 'get', await app.inject({ method: 'GET', url: '/api/public/blogs?page=0' }));
  });

  it('refusals before a route runs, on operations that declare none of their own (a probe met them undocumented)', async () => {
    const pair = csrf();
    const withCsrf = { cookies: pair.cookies, headers: { ...pair.headers, authorization: `Bearer ${token}` } };
    const textLogout = await app.inject({ method: 'POST', url: '/api/logout', payload: 'x', ...withCsrf, headers: { ...withCsrf.headers, 'content-type': 'text/plain' } });
    expect(textLogout.statusCode).toBe(415);
    expectDocumented('/api/logout', 'post', textLogout);
    const brokenJson = await app.inject({ method: 'POST', url: '/api/sessions/sign-out-others', payload: '[', ...withCsrf, headers: { ...withCsrf.headers, 'content-type': 'application/json' } });
    expect(brokenJson.statusCode).toBe(400);
    expectDocumented('/api/sessions/sign-out-others', 'post', brokenJson);
    const badHost = await app.inject({ method: 'GET', url: '/api/public/blogs', headers: { host: 'evil.example"><script>' } });
    expect(badHost.statusCode).toBe(400);
    expectDocumented('/api/public/blogs', 'get', badHost);
    expectDocumented('/api/public/hero', 'get', await app.inject({ method: 'GET', url: '/api/public/hero', headers: { host: 'evil.example"><script>' } }));
    for (const [path, operation] of Object.entries(document.paths)) {
      for (const [method, { responses }] of Object.entries(operation)) {
        const wanted = ['400', '431', '503', ...(['post', 'put', 'patch', 'delete'].includes(method) ? ['413', '415'] : [])];
        expect(wanted.filter((status) => !responses[status]), `${method.toUpperCase()} ${path}`).toEqual([]);
      }
    }
  });

  it('writes answer what the document says', async () => {
    const created = await api.post('/api/blogs', { title: 'Contract post', tags: ['news'] });
    expectDocumented('/api/blogs', 'post', created);
    const { id } = created.json<{ id: number }>();
    expectDocumented('/api/blogs/{id}', 'put', await api.put(`/api/blogs/${id}`, { excerpt: 'Short' }));
    // Edit conflicts (issue #8): a stale save and a stale delete answer 409 with the record as it is now.
    const stale = await api.put(`/api/blogs/${id}`, { excerpt: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ conflicts: ['excerpt'], current: { id, excerpt: 'Short', version: 2 } });
    expectDocumented('/api/blogs/{id}', 'put', stale);
    const staleDelete = await app.inject({ method: 'DELETE', url: `/api/blogs/${id}`, ...deleteHeaders('"1"') });
    expect(staleDelete.json()).toMatchObject({ conflicts: ['excerpt'], current: { version: 2 } });
    expectDocumented('/api/blogs/{id}', 'delete', staleDelete);
    const hero = await api.get('/api/hero/1');
    expectDocumented('/api/hero/{id}', 'put', await api.put('/api/hero/1', { headline: 'Stale', version: hero.json<{ version: number }>().version - 1 }));
    const me = (await api.get('/api/users-management')).json<{ id: number; version: number }[]>()[0]!;
    expectDocumented('/api/users-management/{id}', 'put', await api.put(`/api/users-management/${me.id}`, { name: 'Stale', version: me.version + 5 }));
    expectDocumented('/api/blogs/{id}', 'delete', await api.delete(`/api/blogs/${id}`));
    const banner = await api.post('/api/banners', { title: 'Sale', placement: 'sidebar' });
    expectDocumented('/api/banners', 'post', banner);
    expectDocumented('/api/banners/{id}', 'delete', await api.delete(`/api/banners/${banner.json<{ id: number }>().id}`));
    const counters = await api.get('/api/counters');
    const order = counters.json<{ id: number }[]>().map((record) => record.id).reverse();
    expectDocumented('/api/counters/order', 'put', await api.put('/api/counters/order', { ids: order }));
    expectDocumented('/api/hero/{id}', 'put', await api.put('/api/hero/1', { headline: 'New headline' }));
    const inbox = itemsOf(await api.get('/api/contact-us-form'))[0]!;
    expectDocumented('/api/contact-us-form/{id}', 'put', await api.put(`/api/contact-us-form/${inbox.id}`, { status: 'closed', notes: 'Done' }));
  });

  it('uploads: a file, a signed link, a refusal', async () => {
    const token = await signIn(app);
    const upload = async (name: string, bytes: Buffer, type: string) => {
      const form = await multipart({}, { file: new File([new Uint8Array(bytes)], name, { type }) });
      const pair = csrf();
      return app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: form.payload,
        cookies: pair.cookies,
        headers: { ...pair.headers, authorization: `Bearer ${token}`, 'content-type': form.contentType },
      });
    };
    const image = await upload('photo.png', PNG, 'image/png');
    expectDocumented('/api/uploads', 'post', image);
    const cv = await upload('cv.pdf', PDF, 'application/pdf');
    const { id } = cv.json<{ id: string }>();
    expectDocumented('/api/uploads/{id}/link', 'post', await api.post(`/api/uploads/${id}/link`));
    expectDocumented('/api/uploads/{id}', 'get', await app.inject({ method: 'GET', url: `/api/uploads/${id}` }));
    expectDocumented('/api/uploads/{id}', 'get', await api.get(`/api/uploads/${id}`));
    const forged = await app.inject({ method: 'GET', url: `/api/uploads/${id}?sig=${'A'.repeat(43)}&exp=1` });
    expect(forged.statusCode).toBe(403);
    expectDocumented('/api/uploads/{id}', 'get', forged);
    const shown = await app.inject({ method: 'GET', url: image.json<{ src: string }>().src });
    expectDocumented('/api/uploads/{id}', 'get', shown);
    const again = await app.inject({ method: 'GET', url: image.json<{ src: string }>().src, headers: { 'if-none-match': String(shown.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expectDocumented('/api/uploads/{id}', 'get', again);
    expectDocumented('/api/uploads', 'post', await upload('notes.txt', Buffer.from('plain text'), 'text/plain'));
  });
});

describe('the document and its page', () => {
  it('are served without a token or a cookie', async () => {
    const json = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['set-cookie']).toBeUndefined();
    const page = await app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const script = await app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(script.statusCode).toBe(200);
    // The page reads the same document.
    const pageJson = await app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(pageJson.json()).toEqual(document);
  });

  // Swagger UI's own index.html sends the browser to /api/docs/, which answered 404 (an outside probe).
  it('is reached from /api/docs/ and Swagger UI static/index.html', async () => {
    const fromStatic = await app.inject({ method: 'GET', url: `${DOCS_PATH}/static/index.html` });
    expect([fromStatic.statusCode, fromStatic.headers.location]).toEqual([302, `${DOCS_PATH}/`]);
    const withSlash = await app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect([withSlash.statusCode, withSlash.headers.location]).toEqual([302, DOCS_PATH]);
    // Other API addresses ending in a slash are still none.
    expect((await app.inject({ method: 'GET', url: '/api/blogs/' })).statusCode).toBe(404);
  });
});
