import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AreaDeclaration } from '../../schema/define';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { hashPassword } from '../../server/passwords';
import { insertUpload } from '../../server/repositories/uploads';
import { createUser } from '../../server/repositories/users';
import { randomToken } from '../../server/secrets';
import { PNG } from '../helpers/files';
import { createTestDb, type TestDb } from '../helpers/db';

export const USER = { name: 'Dana Builder', email: 'dana@cornerstone.test', password: 'correct horse battery' };

export interface TestApp {
  app: FastifyInstance;
  db: TestDb['db'];
  config: Config;
  userId: number;
  close: () => Promise<void>;
}

/** A fresh app on a fresh database with one active user (USER); no port is opened. */
export async function setupApp(
  overrides: Partial<Config> = {},
  options: { logger?: BuildAppOptions['logger']; areas?: readonly AreaDeclaration[] } = {},
): Promise<TestApp> {
  const testDb = await createTestDb();
  const config: Config = {
    ...loadConfig({ STATIC_DIR: '/nonexistent/cornerstone-dist', LOGIN_RATE_LIMIT: '0', PUBLIC_FORM_RATE_LIMIT: '0', PUBLIC_FORM_GLOBAL_LIMIT: '0' }),
    ...overrides,
  };
  const user = await createUser(testDb.db, {
    name: USER.name,
    email: USER.email,
    passwordHash: await hashPassword(USER.password),
  });
  const app = await buildApp({ config, db: testDb.db, logger: options.logger ?? false, areas: options.areas });
  return {
    app,
    db: testDb.db,
    config,
    userId: user.id,
    close: async () => {
      await app.close();
      await testDb.destroy();
    },
  };
}

/** A matching XSRF-TOKEN cookie and X-XSRF-TOKEN header, as the console sends them (SPEC §7). */
export function csrf(token = randomToken()) {
  return { cookies: { 'XSRF-TOKEN': token }, headers: { 'x-xsrf-token': token } };
}

/** Encodes fields as multipart/form-data exactly as a browser's FormData would. */
export async function multipart(fields: Record<string, string | Blob>, files: Record<string, File> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, file);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

export async function loginJson(app: FastifyInstance, email: string, password: string): Promise<LightMyRequestResponse> {
  const token = csrf();
  return app.inject({
    method: 'POST',
    url: '/api/login',
    cookies: token.cookies,
    headers: token.headers,
    payload: { email, password },
  });
}

/** Signs USER in and returns the bearer token. */
export async function signIn(app: FastifyInstance): Promise<string> {
  const response = await loginJson(app, USER.email, USER.password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** Parses Set-Cookie for one cookie into its value and attributes. */
export function findCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name) as
    | { name: string; value: string; path?: string; sameSite?: string; httpOnly?: boolean; secure?: boolean }
    | undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** POST /api/uploads of one file in the field `file`, as the console sends it (bearer token and CSRF pair). */
export async function postUpload(app: FastifyInstance, token: string, bytes: Buffer, name: string, type: string): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipart({}, { file: new File([new Uint8Array(bytes)], name, { type }) });
  const pair = csrf();
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    cookies: pair.cookies,
    headers: { ...pair.headers, 'content-type': contentType, authorization: `Bearer ${token}` },
  });
}

/** JSON requests as the console sends them: Bearer token (when given) and the CSRF pair. */
export function apiClient(app: FastifyInstance, token?: string) {
  const pair = csrf();
  const request = (method: Method, url: string, payload?: InjectOptions['payload']) =>
    app.inject({
      method,
      url,
      ...(payload !== undefined && { payload }),
      cookies: pair.cookies,
      headers: { ...pair.headers, ...(token && { authorization: `Bearer ${token}` }) },
    });
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: InjectOptions['payload']) => request('POST', url, payload),
    put: (url: string, payload?: InjectOptions['payload']) => request('PUT', url, payload),
    delete: (url: string) => request('DELETE', url),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** `?sort=["title","ASC"]&range=[0,9]&filter={...}`, as ra-data-simple-rest builds it. */
export function listParams(params: { sort?: unknown; range?: unknown; filter?: unknown }): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, JSON.stringify(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * One column of a CSV export (its BOM and line ends taken off), after checking that it answered 200 with `header`:
 * for tests that an export has every row once, in order.
 */
export async function exportedColumn(api: ApiClient, url: string, header: string, column: number): Promise<(string | undefined)[]> {
  const response = await api.get(url);
  expect(response.statusCode).toBe(200);
  const [first, ...rows] = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(first).toBe(header);
  return rows.map((row) => row.split(',')[column]);
}

export const AUTH_REQUIRED = { message: 'Authentication required.' };

/**
 * An image stored as POST /api/uploads stores one, for records whose file fields must name a real upload (a
 * document is private and refused there): its `src`.
 */
export async function storedImage(db: TestApp['db'], id = randomBytes(16).toString('hex')): Promise<string> {
  await insertUpload(db, { id, filename: 'photo.png', mime: 'image/png', size: PNG.length, kind: 'image', data: PNG, sha256: createHash('sha256').update(PNG).digest('hex'), createdBy: null, width: 1, height: 1 });
  return `/api/uploads/${id}`;
}

/**
 * One request written to the app's real socket as `head` and `body` bytes, as no client library would send it; the
 * raw answer once the server closes, read as `encoding` (latin1 keeps every byte of a hostile echo).
 */
export async function rawExchange(app: FastifyInstance, head: string, body: Buffer = Buffer.alloc(0), encoding: BufferEncoding = 'utf8'): Promise<string> {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: address.port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString(encoding)));
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}

/** A folder laid out as the console's build is (index.html, assets/index-abc123.js, favicon.svg), for the file server. */
export function fakeConsoleBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'cornerstone-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cornerstone</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("console")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}
