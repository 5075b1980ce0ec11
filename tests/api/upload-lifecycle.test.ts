// Uploads have a life cycle (issue #6): a file no record refers to any more is deleted after the grace period, a
// deleted record's files go with it (CVs included), and a file any record still names is never deleted.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb, dialectOf, migrate, migratorFor } from '../../server/db';
import { migrations } from '../../server/db/migrations';
import type { Database } from '../../server/db/types';
import { hashPassword } from '../../server/passwords';
import { insertRecord } from '../../server/repositories/records';
import { refreshUploadReferences } from '../../server/repositories/upload-references';
import { createUser } from '../../server/repositories/users';
import { sweepUploads } from '../../server/upload-sweep';
import { createTestDb } from '../helpers/db';
import { PDF, PNG } from '../helpers/files';
import { apiClient, listParams, multipart, postUpload, setupApp, signIn, USER, type ApiClient, type TestApp } from './helpers';

const HOUR_MS = 60 * 60 * 1000;
const GRACE_HOURS = 24;

/** The signed-in console user's view of one app. */
async function session(app: FastifyInstance, db: Kysely<Database>) {
  const token = await signIn(app);
  const api = apiClient(app, token);
  return {
    api,
    async upload(bytes: Buffer = PNG, name = 'photo.png', type = 'image/png'): Promise<string> {
      const response = await postUpload(app, token, bytes, name, type);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    },
    /** What GET /api/uploads/<id> answers: 200 while the file exists, 404 once deleted. */
    statusOf: async (id: string) => (await api.get(`/api/uploads/${id}`)).statusCode,
    async create(area: string, body: Record<string, unknown>): Promise<number> {
      const response = await api.post(`/api/${area}`, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    },
    /** A job application from the website with its CV in the same request: the application's id and the CV's. */
    async apply(cv: Buffer = PDF): Promise<{ application: number; cv: string }> {
      const form = await multipart(
        { full_name: 'Ada Lovelace', email: 'ada@example.com' },
        { cv: new File([new Uint8Array(cv)], 'cv.pdf', { type: 'application/pdf' }) },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/public/careers-form',
        payload: form.payload,
        headers: { 'content-type': form.contentType },
      });
      expect(response.statusCode, response.body).toBe(201);
      const [newest] = (await api.get(`/api/careers-form${listParams({ sort: ['id', 'DESC'], range: [0, 0] })}`)).json();
      return { application: newest.id, cv: newest.cv.src.split('/').pop() };
    },
    /** A sweep run `hours` from now. */
    sweepAt: (hours: number) => sweepUploads(db, { graceHours: GRACE_HOURS, now: new Date(Date.now() + hours * HOUR_MS) }),
  };
}

type Session = Awaited<ReturnType<typeof session>>;
const file = (id: string) => ({ src: `/api/uploads/${id}`, title: 'photo.png' });

// A fresh app and database for every test, so a sweep's answer is exactly this test's files.
let t: TestApp;
let api: ApiClient;
let upload: Session['upload'];
let statusOf: Session['statusOf'];
let create: Session['create'];
let apply: Session['apply'];
let sweepAt: Session['sweepAt'];
beforeEach(async () => {
  t = await setupApp();
  ({ api, upload, statusOf, create, apply, sweepAt } = await session(t.app, t.db));
});
afterEach(async () => {
  await t.close();
});

describe('the sweep', () => {
  it('keeps an image a blog post uses, however old', async () => {
    const image = await upload();
    await create('blogs', { title: 'Topping out', cover_image: file(image) });
    expect(await sweepAt(10 * 365 * 24)).toEqual([]);
    expect(await statusOf(image)).toBe(200);
  });

  it('keeps an image a post stops using until the grace period has passed, then deletes it', async () => {
    const [image, replacement] = [await upload(), await upload()];
    const post = await create('blogs', { title: 'Topping out', cover_image: file(image) });
    const updated = await api.put(`/api/blogs/${post}`, { cover_image: file(replacement) });
    expect(updated.statusCode, updated.body).toBe(200);

    expect(await sweepAt(0)).toEqual([]);
    expect(await sweepAt(GRACE_HOURS - 1)).toEqual([]);
    expect(await statusOf(image)).toBe(200);

    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([image]);
    expect(await statusOf(image)).toBe(404);
    expect(await statusOf(replacement)).toBe(200);
  });

  it('deletes an upload no form ever saved once the grace period has passed', async () => {
    const image = await upload();
    expect(await sweepAt(GRACE_HOURS - 1)).toEqual([]);
    expect(await statusOf(image)).toBe(200);
    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([image]);
    expect(await statusOf(image)).toBe(404);
  });

  it('keeps an image used only inside a post’s rich text', async () => {
    const image = await upload();
    const post = await create('blogs', { title: 'Site diary', content: `<p>Week 3</p><img src="/api/uploads/${image}" alt="Crane">` });
    expect((await api.get(`/api/blogs/${post}`)).json()).toMatchObject({ content: expect.stringContaining(`/api/uploads/${image}`) });
    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([]);
    expect(await statusOf(image)).toBe(200);
  });

  it('keeps an upload named only by the value of a field no longer declared', async () => {
    const image = await upload();
    // What a declaration change leaves in the store: a value under a field the area does not declare (any more).
    const stored = await insertRecord(t.db, 'blogs', { data: { title: 'Old post', header_photo: file(image) }, index: { body: null, values: [] } });
    // A save through the API keeps that value, unseen, and the file with it.
    expect((await api.put(`/api/blogs/${stored.id}`, { title: 'Old post, edited' })).statusCode).toBe(200);

    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([]);
    expect(await statusOf(image)).toBe(200);
    // It counts as a reference when the record goes too.
    expect((await api.delete(`/api/blogs/${stored.id}`)).statusCode).toBe(200);
    expect(await statusOf(image)).toBe(404);
  });
});

describe('deleting a record', () => {
  it('deletes its cover image at once', async () => {
    const [image, kept] = [await upload(), await upload()];
    const post = await create('blogs', { title: 'Topping out', cover_image: file(image) });
    await create('blogs', { title: 'Handover', cover_image: file(kept) });

    expect((await api.delete(`/api/blogs/${post}`)).statusCode).toBe(200);
    expect(await statusOf(image)).toBe(404);
    expect(await statusOf(kept)).toBe(200);
  });

  it('keeps a file another record still uses, and deletes it with the last one', async () => {
    const image = await upload();
    const post = await create('blogs', { title: 'Topping out', cover_image: file(image) });
    const project = await create('projects', {
      title: 'Riverside offices',
      category: 'commercial',
      status: 'completed',
      gallery: [file(image)],
    });

    expect((await api.delete(`/api/blogs/${post}`)).statusCode).toBe(200);
    expect(await statusOf(image)).toBe(200);
    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([]);
    expect(await statusOf(image)).toBe(200);

    expect((await api.delete(`/api/projects/${project}`)).statusCode).toBe(200);
    expect(await statusOf(image)).toBe(404);
  });

  it('deletes a job application’s CV with the application', async () => {
    const { application, cv } = await apply();
    const { cv: otherCv } = await apply();
    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([]);

    expect((await api.delete(`/api/careers-form/${application}`)).statusCode).toBe(200);
    expect(await statusOf(cv)).toBe(404);
    expect(await statusOf(otherCv)).toBe(200);
  });
});

describe('refreshUploadReferences', () => {
  it('recomputes the references of records changed without the repository, by area or all', async () => {
    const [before, after] = [await upload(), await upload()];
    const post = await create('blogs', { title: 'Topping out', cover_image: file(before) });
    // A bulk change written in SQL, as a declaration change may do: the post now names the other file.
    const data = JSON.stringify({ title: 'Topping out', cover_image: file(after) });
    await t.db
      .updateTable('records')
      .set({ data: dialectOf(t.db) === 'postgres' ? sql`cast(${data} as jsonb)` : data } as never)
      .where('id', '=', post)
      .execute();

    await refreshUploadReferences(t.db, 'projects');
    expect(await referencesOf(t.db, post)).toEqual([before]);
    await refreshUploadReferences(t.db, 'blogs');
    expect(await referencesOf(t.db, post)).toEqual([after]);
    await refreshUploadReferences(t.db);
    expect(await referencesOf(t.db, post)).toEqual([after]);

    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([before]);
    expect(await statusOf(after)).toBe(200);
  });
});

async function referencesOf(db: Kysely<Database>, recordId: number): Promise<string[]> {
  const rows = await db.selectFrom('upload_references').select('upload_id').where('record_id', '=', recordId).orderBy('upload_id').execute();
  return rows.map((row) => row.upload_id);
}

describe('migration 0005', () => {
  it('fills the references from every existing record, past one batch', async () => {
    const testDb = await createTestDb();
    try {
      const { db } = testDb;
      const migrator = await migratorFor(db);
      const names = Object.keys(migrations).sort();
      const { error } = await migrator.migrateTo(names[names.indexOf('0005_upload_references') - 1]!);
      expect(error).toBeUndefined();

      const [first, last, shared] = [randomBytes(16), randomBytes(16), randomBytes(16)].map((bytes) => bytes.toString('hex'));
      const now = new Date().toISOString();
      const documents = Array.from({ length: 1201 }, (_, index) => ({ title: `Post ${index + 1}` }) as Record<string, unknown>);
      Object.assign(documents[0]!, { cover_image: { src: `/api/uploads/${first}` }, content: `<img src="/api/uploads/${shared}">` });
      Object.assign(documents[1200]!, { cover_image: { src: `/api/uploads/${last}` }, old_field: `/api/uploads/${shared}` });
      for (let start = 0; start < documents.length; start += 400) {
        const values = documents.slice(start, start + 400).map((data) => ({ area: 'blogs', data: JSON.stringify(data), created_at: now, updated_at: now }));
        await db.insertInto('records').values(values).execute();
      }

      await migrate(db);
      const rows = await db.selectFrom('upload_references').innerJoin('records', 'records.id', 'upload_references.record_id').select(['upload_id', 'data']).execute();
      const found = rows.map((row) => [row.upload_id, JSON.parse(typeof row.data === 'string' ? row.data : JSON.stringify(row.data)).title]).sort();
      expect(found).toEqual(
        [
          [first, 'Post 1'],
          [shared, 'Post 1'],
          [last, 'Post 1201'],
          [shared, 'Post 1201'],
        ].sort(),
      );
    } finally {
      await testDb.destroy();
    }
  });
});

// On PostgreSQL two transactions run side by side: one naming a file while another deletes it must not leave a
// record naming a deleted file. (SQLite runs one write transaction at a time.)
describe.runIf(process.env.TEST_DATABASE_URL)('a file being named while it is deleted (PostgreSQL)', () => {
  /** Inserts a post naming `image` in a transaction held open until `commit` is called. */
  async function openWriter(image: string) {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let named!: () => void;
    const isNamed = new Promise<void>((resolve) => (named = resolve));
    const done = t.db.transaction().execute(async (trx) => {
      await insertRecord(trx, 'blogs', { data: { title: 'Saved meanwhile', cover_image: file(image) }, index: { body: null, values: [] } });
      named();
      await committed;
    });
    await isNamed;
    return { commit: async () => (commit(), await done) };
  }

  /** Waits until a statement of this kind waits for a lock. */
  async function untilBlocked(statement: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await sql<{ count: string }>`select count(*) as count from pg_stat_activity
        where wait_event_type = 'Lock' and query like ${`%${statement}%`}
        and application_name = current_setting('application_name')`.execute(t.db);
      if (Number(rows[0]!.count) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no statement like ${statement} waited for a lock`);
  }

  it('the sweep leaves alone a file a transaction is naming', async () => {
    const image = await upload();
    const writer = await openWriter(image);
    try {
      expect(await sweepAt(GRACE_HOURS + 1)).toEqual([]);
    } finally {
      await writer.commit();
    }
    expect(await sweepAt(GRACE_HOURS + 1)).toEqual([]);
    expect(await statusOf(image)).toBe(200);
  });

  it('deleting the record that named it waits for that transaction, then keeps the file', async () => {
    const image = await upload();
    const post = await create('blogs', { title: 'Topping out', cover_image: file(image) });
    const writer = await openWriter(image);
    const deleting = api.delete(`/api/blogs/${post}`);
    try {
      await untilBlocked('from "uploads" where "id" in');
    } finally {
      await writer.commit();
    }
    expect((await deleting).statusCode).toBe(200);
    expect(await statusOf(image)).toBe(200);
  });
});

// SQLite frees a deleted row's space but leaves its bytes there unless told otherwise; PostgreSQL is left to vacuum
// (docs/deploy.md), so this one runs on a SQLite file only.
describe.skipIf(process.env.TEST_DATABASE_URL)('deleted for real (SQLite)', () => {
  let dir: string;
  let app: FastifyInstance;
  let db: Kysely<Database>;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cornerstone-secure-delete-'));
    db = createDb({ sqlite: path.join(dir, 'cornerstone.db') });
    await migrate(db);
    await createUser(db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
    app = await buildApp({ config: t.config, db, logger: false });
  });
  afterEach(async () => {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Whether the database file and its write-ahead log hold these bytes. */
  const onDisk = (bytes: Buffer) =>
    ['cornerstone.db', 'cornerstone.db-wal'].map((name) => {
      const full = path.join(dir, name);
      return existsSync(full) && readFileSync(full).includes(bytes);
    });

  it('leaves no copy of a deleted CV’s bytes in the database file or its log', async () => {
    const sqlite = await session(app, db);
    const marker = Buffer.from(`CV-MARKER-${randomBytes(16).toString('hex')}`);
    const { application, cv } = await sqlite.apply(Buffer.concat([PDF, marker, Buffer.alloc(8000, 0x20), marker]));
    // The test can see the bytes where they are.
    expect(onDisk(marker).some(Boolean)).toBe(true);

    expect((await sqlite.api.delete(`/api/careers-form/${application}`)).statusCode).toBe(200);
    expect(await sqlite.statusOf(cv)).toBe(404);
    // The hourly sweep checkpoints the log into the database and empties it.
    await sqlite.sweepAt(0);
    expect(onDisk(marker)).toEqual([false, false]);
  });
});
