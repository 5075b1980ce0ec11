// Issue #10: on SQLite the server answers a write only once it is on disk, without holding the event loop for the
// disk (server/db/index.ts, settleLater; app.ts). The WAL's sync is watched here through createDb's syncWal.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_UNCONFIRMED_MESSAGE } from '../../schema/api';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { BACKSTOP_CHECKPOINT_PAGES, createDb, migrate } from '../../server/db';
import { CHECKPOINT_EVERY_MS } from '../../server/db/checkpoints';
import { hashPassword } from '../../server/passwords';
import { createUser } from '../../server/repositories/users';
import { USER, apiClient, signIn } from './helpers';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function serverOn(syncWal?: (walFile: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cornerstone-durable-'));
  const file = path.join(dir, 'cornerstone.db');
  const db = createDb({ sqlite: file }, { settleLater: true, ...(syncWal && { syncWal }) });
  await migrate(db);
  await createUser(db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
  const config = loadConfig({ STATIC_DIR: '/nonexistent/cornerstone-dist', LOGIN_RATE_LIMIT: '0', PUBLIC_FORM_RATE_LIMIT: '0', PUBLIC_FORM_GLOBAL_LIMIT: '0' });
  const app = await buildApp({ config, db, logger: false });
  const api = apiClient(app, await signIn(app));
  cleanups.push(async () => {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return { app, api, db, file };
}

/** A sync of the WAL that, once `hold()` was called, ends when the test says so (signing in is a write too). */
function heldSync() {
  const calls: string[] = [];
  const waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let holding = false;
  return {
    calls,
    hold: () => {
      holding = true;
      calls.length = 0;
    },
    sync: (walFile: string) => {
      if (!holding) return Promise.resolve();
      calls.push(walFile);
      return new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    release: () => waiting.splice(0).forEach((held) => held.resolve()),
    fail: () => waiting.splice(0).forEach((held) => held.reject(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))),
    pending: () => waiting.length,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('writes answered once on disk (SQLite)', () => {
  it('answers a write only after the WAL was synced, and reads meanwhile', async () => {
    const held = heldSync();
    const { api, file } = await serverOn(held.sync);
    held.hold();
    let answered = false;
    const creating = api.post('/api/blogs', { title: 'Glass tower', content: '<p>Body</p>' }).then((response) => {
      answered = true;
      return response;
    });
    // The first write of a server loads what it needs first: wait for its sync rather than for a set time.
    await vi.waitFor(() => expect(held.calls.at(-1)).toBe(`${file}-wal`), { timeout: 5000 });
    expect(answered).toBe(false);
    // The record is committed: a read does not wait for the disk.
    const list = await api.get('/api/blogs');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ title: string }[]>().map((record) => record.title)).toEqual(['Glass tower']);
    held.release();
    const created = await creating;
    expect(created.statusCode, created.body).toBe(201);
  });

  it('shares one sync among the writes committed before it began', async () => {
    const held = heldSync();
    const { api } = await serverOn(held.sync);
    held.hold();
    let answered = 0;
    const writes = ['One', 'Two', 'Three'].map((title) => api.post('/api/blogs', { title, content: '<p>Body</p>' }).finally(() => (answered += 1)));
    await tick();
    // Whichever writes were committed when the first sync began wait for it; the rest need one more at most. Released
    // until all are answered: under load a write may not have reached its sync yet when none is pending.
    while (answered < writes.length) {
      held.release();
      await tick();
    }
    const answers = await Promise.all(writes);
    expect(answers.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(held.calls.length).toBeLessThanOrEqual(3);
  });

  it('answers 503 with a message when the disk refuses, and writes again once it accepts', async () => {
    const held = heldSync();
    const { api } = await serverOn(held.sync);
    held.hold();
    const refused = api.post('/api/blogs', { title: 'Glass tower', content: '<p>Body</p>' });
    await vi.waitFor(() => expect(held.pending()).toBe(1), { timeout: 5000 });
    held.fail();
    const answer = await refused;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('30');
    // Its transaction had committed: the answer says the change may be there, and it is (a client told "cannot take
    // changes" tried again and made it twice: an outside probe).
    expect(answer.json()).toEqual({ message: DATABASE_UNCONFIRMED_MESSAGE });
    const listed = await api.get('/api/blogs');
    expect(listed.json<{ title: string }[]>().map((post) => post.title)).toEqual(['Glass tower']);
    const again = api.post('/api/blogs', { title: 'Timber hall', content: '<p>Body</p>' });
    await vi.waitFor(() => expect(held.pending()).toBe(1), { timeout: 5000 });
    held.release();
    expect((await again).statusCode).toBe(201);
  });

  it('keeps an answered write after the database is opened again (the real sync)', async () => {
    const { api, db, file } = await serverOn();
    const created = await api.post('/api/blogs', { title: 'Glass tower', content: '<p>Body</p>' });
    expect(created.statusCode, created.body).toBe(201);
    const reopened = createDb({ sqlite: file });
    try {
      const rows = await reopened.selectFrom('records').select('id').where('area', '=', 'blogs').execute();
      expect(rows.map((row) => Number(row.id))).toEqual([created.json<{ id: number }>().id]);
    } finally {
      await reopened.destroy();
    }
    expect(db).toBeDefined();
  });

  // A commit no longer copies the log back into the database (it held the event loop 123 ms when it did): a worker
  // thread does, server/db/checkpoints.ts. Without it the database file would not grow at all here (3 MB of log is
  // below the commits' backstop).
  it('copies the write-ahead log into the database from a worker thread, not in the commits', async () => {
    const { db, file } = await serverOn();
    // SQLite's own checkpoint is only a backstop, far past what 2,000 rows of 1 KB fill.
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows).toEqual([{ wal_autocheckpoint: BACKSTOP_CHECKPOINT_PAGES }]);
    await sql`create table filler (text text)`.execute(db);
    const before = statSync(file).size;
    for (let i = 0; i < 2000; i++) await sql`insert into filler (text) values (${'x'.repeat(1000)})`.execute(db);
    const deadline = Date.now() + 20 * CHECKPOINT_EVERY_MS;
    while (statSync(file).size < before + 2_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(file).size).toBeGreaterThan(before + 2_000_000);
  });
});
