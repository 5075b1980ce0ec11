import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areas as declaredAreas } from '../schema/areas';
import { defineArea, fields } from '../schema/define';
import { createTestDb, type TestDb } from '../tests/helpers/db';
import { dialectOf } from './db/dialect';
import { verifyPassword } from './passwords';
import { findUserByEmail } from './repositories/users';
import { ensureAdmin, SEEDING_LOCK, seedSampleContent } from './seed';

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(async () => {
  await testDb.destroy();
});

describe('ensureAdmin', () => {
  it('creates admin@example.com with a generated password and returns it once', async () => {
    const result = await ensureAdmin(testDb.db, { adminEmail: undefined, adminPassword: undefined, adminName: 'Administrator' });
    expect(result).toEqual({ created: true, email: 'admin@example.com', generatedPassword: expect.any(String) });
    const password = result.created ? result.generatedPassword! : '';
    expect(password.length).toBeGreaterThanOrEqual(16);

    const user = await findUserByEmail(testDb.db, 'admin@example.com');
    expect(user).toMatchObject({ name: 'Administrator', active: true });
    expect(user!.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, user!.passwordHash)).toBe(true);
  });

  it('generates a different password on each fresh database', async () => {
    const other = await createTestDb();
    try {
      const config = { adminEmail: undefined, adminPassword: undefined, adminName: 'Administrator' };
      const a = await ensureAdmin(testDb.db, config);
      const b = await ensureAdmin(other.db, config);
      expect(a.created && b.created && a.generatedPassword !== b.generatedPassword).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it('creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD and returns no password', async () => {
    const result = await ensureAdmin(testDb.db, {
      adminEmail: 'owner@example.com',
      adminPassword: 'chosen password',
      adminName: 'Owner',
    });
    expect(result).toEqual({ created: true, email: 'owner@example.com' });
    const user = await findUserByEmail(testDb.db, 'owner@example.com');
    expect(user?.name).toBe('Owner');
    expect(await verifyPassword('chosen password', user!.passwordHash)).toBe(true);
  });

  it('does nothing once a user exists', async () => {
    const config = { adminEmail: 'owner@example.com', adminPassword: 'chosen password', adminName: 'Owner' };
    await ensureAdmin(testDb.db, config);
    expect(await ensureAdmin(testDb.db, { ...config, adminEmail: 'second@example.com' })).toEqual({ created: false });
    expect(await findUserByEmail(testDb.db, 'second@example.com')).toBeUndefined();
  });
});

describe('seedSampleContent', () => {
  const notes = defineArea({
    name: 'notes',
    label: 'Notes',
    icon: 'features',
    group: 'website-tools',
    kind: 'collection',
    ordered: true,
    schema: z.object({ title: fields.text('Title'), slug: fields.slug(), body: fields.html('Body'), active: fields.active('Shown') }),
    richText: ['body'],
    slug: { field: 'slug', from: 'title' },
  });
  const settings = defineArea({
    name: 'settings',
    label: 'Settings',
    icon: 'features',
    group: 'website-tools',
    kind: 'singleton',
    schema: z.object({ site_name: fields.text('Site name') }),
  });
  const messages = defineArea({
    name: 'messages',
    label: 'Messages',
    icon: 'contactForm',
    group: 'forms',
    kind: 'inbox',
    schema: z.object({ note_id: z.number().int().nullish(), text: fields.text('Text') }),
  });
  const areas = [messages, notes, settings];
  const samples = {
    notes: [{ title: 'First note', body: '<p>Hi<script>x()</script></p>' }, { title: 'Second note' }],
    settings: [{ site_name: 'Cornerstone' }],
    messages: [{ text: 'About the second', note_id: null }, { text: 'Hello' }],
  };
  const references = [{ area: 'messages', index: 0, field: 'note_id', target: { area: 'notes', field: 'slug', value: 'second-note' } }];

  const rows = (area: string) =>
    testDb.db.selectFrom('records').selectAll().where('area', '=', area).orderBy('id').execute();
  const dataOf = (row: { data: unknown }) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data);

  it('fills an empty database through the API code: validated, sanitized, slugs, positions, links', async () => {
    const result = await seedSampleContent(testDb.db, { areas, samples, references });
    expect(result).toEqual({ seeded: true, records: 5, areas: 3 });

    const stored = await rows('notes');
    expect(stored.map((row) => [dataOf(row).slug, row.position])).toEqual([
      ['first-note', 1],
      ['second-note', 2],
    ]);
    expect(dataOf(stored[0]!).body).toBe('<p>Hi</p>');
    expect((await rows('settings')).map(dataOf)).toEqual([{ site_name: 'Cornerstone' }]);

    const inbox = await rows('messages');
    expect(inbox.map(dataOf)).toEqual([
      { text: 'About the second', note_id: stored[1]!.id, status: 'new', notes: null, read: false },
      { text: 'Hello', status: 'in_progress', notes: null, read: true },
    ]);
    expect(inbox[0]!.created_at > inbox[1]!.created_at).toBe(true);
  });

  it('does nothing once any record exists', async () => {
    await seedSampleContent(testDb.db, { areas, samples: { settings: samples.settings } });
    expect(await seedSampleContent(testDb.db, { areas, samples, references })).toEqual({ seeded: false });
    expect(await rows('notes')).toEqual([]);
  });

  it('writes nothing when a sample is invalid', async () => {
    await expect(
      seedSampleContent(testDb.db, { areas, samples: { ...samples, settings: [{ site_name: '' }] } }),
    ).rejects.toThrow(/Sample 0 of settings is invalid: \{"site_name":"Site name is required"\}/);
    expect(await testDb.db.selectFrom('records').select('id').execute()).toEqual([]);
  });

  // Each sample was its own transaction: a first start killed midway left part of them for good (44 of 46), as seeding
  // runs only on an empty database (an outside probe). A write that fails after others stands for that kill here.
  it('writes nothing when a write fails midway, and seeds the whole next time', async () => {
    // The storage refuses the fourth record, as a disk that filled up would.
    if (dialectOf(testDb.db) === 'postgres') {
      await sql`create function refuse_fourth() returns trigger language plpgsql as $$ begin if (select count(*) from records) >= 3 then raise exception 'storage gone'; end if; return new; end $$`.execute(testDb.db);
      await sql`create trigger refuse_fourth before insert on records for each row execute function refuse_fourth()`.execute(testDb.db);
    } else {
      await sql`create trigger refuse_fourth before insert on records when (select count(*) from records) >= 3 begin select raise(abort, 'storage gone'); end`.execute(testDb.db);
    }
    await expect(seedSampleContent(testDb.db, { areas, samples, references })).rejects.toThrow(/storage gone/);
    expect(await testDb.db.selectFrom('records').select('id').execute()).toEqual([]);
    expect(await testDb.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
    await sql`drop trigger refuse_fourth ${sql.raw(dialectOf(testDb.db) === 'postgres' ? 'on records' : '')}`.execute(testDb.db);

    expect(await seedSampleContent(testDb.db, { areas, samples, references })).toEqual({ seeded: true, records: 5, areas: 3 });
    expect((await rows('notes')).map((row) => dataOf(row).slug)).toEqual(['first-note', 'second-note']);
  });

  it('seeds once when two starts seed the same empty database together', async () => {
    const both = await Promise.all([seedSampleContent(testDb.db, { areas, samples, references }), seedSampleContent(testDb.db, { areas, samples, references })]);
    expect(both.map((result) => result.seeded).sort()).toEqual([false, true]);
    expect((await rows('notes')).map((row) => dataOf(row).title)).toEqual(['First note', 'Second note']);
    expect((await rows('messages')).length).toBe(2);
  });

  // A request's connection waits 2 s for a lock: the second instance gave up on the first's seeding and stopped its
  // start (a review). The seeding waits as long as the other takes.
  it.runIf(process.env.TEST_DATABASE_URL)('waits past a request connection\'s lock timeout for another instance seeding', async () => {
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [SEEDING_LOCK]);
      const release = setTimeout(() => void other.query('commit'), 2_600);
      const started = Date.now();
      expect(await seedSampleContent(testDb.db, { areas, samples, references })).toEqual({ seeded: true, records: 5, areas: 3 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
      clearTimeout(release);
    } finally {
      await other.end();
    }
  });

  it('seeds every declared area from schema/areas/samples.ts', async () => {
    const result = await seedSampleContent(testDb.db);
    const withSamples = declaredAreas.filter((area) => area.name !== 'users-management');
    expect(result).toMatchObject({ seeded: true, areas: withSamples.length });
    for (const area of withSamples) {
      expect((await rows(area.name)).length, area.name).toBeGreaterThan(0);
    }
    // The job applications point at postings that exist.
    const careers = (await rows('careers')).map((row) => row.id);
    const linked = (await rows('careers-form')).map((row) => dataOf(row).career_id).filter((id) => id !== null);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((id) => careers.includes(id))).toBe(true);
  });
});
