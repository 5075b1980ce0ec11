// A write authenticated as it arrived must not be applied once its session has ended (an outside probe, 2026-11-29):
// the body of `PUT /api/users-management/1 {"active":false}` sent 3 s after its headers, by a user deactivated in the
// meantime, deactivated the last other administrator; a post's body sent after a sign-out created the post. The
// session is asked again once the body is in (plugins/authenticate.ts) and inside the write's transaction
// (repositories/tokens.ts isSessionOpen), on SQLite and PostgreSQL.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { blogs } from '../../schema/areas/blogs';
import { buildAreaModel } from '../../server/areas/model';
import { createRecord } from '../../server/areas/records';
import { hashPassword } from '../../server/passwords';
import { createUser } from '../../server/repositories/users';
import { AUTH_REQUIRED, USER, apiClient, csrf, setupApp, signIn, type TestApp } from './helpers';

const OTHER = { name: 'Omar Other', email: 'omar@cornerstone.test', password: 'another good password' };

let t: TestApp;

beforeEach(async () => {
  t = await setupApp();
});

afterEach(async () => {
  await t.close();
});

async function signInAs(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const pair = csrf();
  const response = await app.inject({ method: 'POST', url: '/api/login', cookies: pair.cookies, headers: pair.headers, payload: who });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

/**
 * Sends a JSON write whose headers arrive now and whose body arrives only when `release` is called, as a slow client
 * does: the request is authenticated (onRequest) before the body is there.
 */
function slowWrite(app: FastifyInstance, method: 'POST' | 'PUT', url: string, token: string, body: unknown) {
  const text = JSON.stringify(body);
  const stream = new Readable({ read() {} });
  const pair = csrf();
  const answer = app.inject({
    method,
    url,
    payload: stream,
    cookies: pair.cookies,
    headers: { ...pair.headers, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
  });
  return {
    answer,
    release: () => {
      stream.push(text);
      stream.push(null);
    },
  };
}

// Long enough for the request to have been authenticated and to wait on its body.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a write whose session ended while its body came', () => {
  it('after a sign-out: answers 401 and creates nothing', async () => {
    const token = await signIn(t.app);
    const api = apiClient(t.app, token);
    const write = slowWrite(t.app, 'POST', '/api/blogs', token, { title: 'Written after signing out' });
    await settle();
    expect((await api.post('/api/logout')).statusCode).toBe(204);
    write.release();
    const answer = await write.answer;
    expect(answer.statusCode, answer.body).toBe(401);
    expect(answer.json()).toEqual(AUTH_REQUIRED);
    expect(answer.headers['www-authenticate']).toBe('Bearer');

    const reader = apiClient(t.app, await signIn(t.app));
    const list = await reader.get('/api/blogs?filter={"q":"signing"}');
    expect(list.json()).toEqual([]);
    const audit = (await reader.get('/api/audit-log')).json<{ action: string; area: string | null }[]>();
    expect(audit.filter((entry) => entry.area === 'blogs')).toEqual([]);
  });

  it('after its user was deactivated: cannot deactivate the administrator who did it, so one stays able to sign in', async () => {
    const other = await createUser(t.db, { name: OTHER.name, email: OTHER.email, passwordHash: await hashPassword(OTHER.password) });
    const adminToken = await signIn(t.app);
    const otherToken = await signInAs(t.app, OTHER);

    // Omar starts deactivating Dana; Dana deactivates Omar before Omar's body is in.
    const write = slowWrite(t.app, 'PUT', `/api/users-management/${t.userId}`, otherToken, { active: false });
    await settle();
    const deactivated = await apiClient(t.app, adminToken).put(`/api/users-management/${other.id}`, { active: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    write.release();
    const answer = await write.answer;
    expect(answer.statusCode, answer.body).toBe(401);

    // Dana is still active and still signed in; Omar is not.
    const api = apiClient(t.app, adminToken);
    const users = (await api.get('/api/users-management?sort=["id","ASC"]')).json<{ id: number; active: boolean }[]>();
    expect(users.map(({ id, active }) => ({ id, active }))).toEqual([
      { id: t.userId, active: true },
      { id: other.id, active: false },
    ]);
    expect((await signInAs(t.app, USER)).length).toBeGreaterThan(0);
  });

  it('after a reorder is asked with an ended session: answers 401 and leaves the order', async () => {
    const token = await signIn(t.app);
    const api = apiClient(t.app, token);
    const ids: number[] = [];
    for (const title of ['First', 'Second']) {
      const created = await api.post('/api/features', { title, description: `${title} feature.` });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<{ id: number }>().id);
    }
    const before = (await api.get('/api/features?sort=["position","ASC"]')).json<{ id: number }[]>().map(({ id }) => id);
    const write = slowWrite(t.app, 'PUT', '/api/features/order', token, { ids: [...before].reverse() });
    await settle();
    expect((await api.post('/api/logout')).statusCode).toBe(204);
    write.release();
    expect((await write.answer).statusCode).toBe(401);
    const reader = apiClient(t.app, await signIn(t.app));
    expect((await reader.get('/api/features?sort=["position","ASC"]')).json<{ id: number }[]>().map(({ id }) => id)).toEqual(before);
  });
});

describe('inside the write: a session ended after the request was let in', () => {
  it('a create whose token is gone by the time it is written is refused, and nothing is stored', async () => {
    const token = await signIn(t.app);
    const api = apiClient(t.app, token);
    const sessions = (await api.get('/api/sessions')).json<{ id: number; current: boolean }[]>();
    const tokenId = sessions.find((session) => session.current)?.id;
    expect(tokenId).toBeTypeOf('number');
    expect((await api.post('/api/logout')).statusCode).toBe(204);

    const model = buildAreaModel(blogs, areas);
    await expect(
      createRecord(t.db, model, { title: 'Written with an ended session' }, { by: t.userId, audit: { userId: t.userId, userName: USER.name, ip: null, tokenId } }),
    ).rejects.toMatchObject({ statusCode: 401, message: AUTH_REQUIRED.message });
    const rows = await t.db.selectFrom('records').select('id').where('area', '=', 'blogs').execute();
    expect(rows).toEqual([]);

    // The same write with the session open is stored, with its audit entry.
    const open = await signIn(t.app);
    const current = (await apiClient(t.app, open).get('/api/sessions')).json<{ id: number; current: boolean }[]>().find((session) => session.current)?.id;
    const created = await createRecord(t.db, model, { title: 'Written with an open session' }, { by: t.userId, audit: { userId: t.userId, userName: USER.name, ip: null, tokenId: current } });
    expect(created.title).toBe('Written with an open session');
  });
});
