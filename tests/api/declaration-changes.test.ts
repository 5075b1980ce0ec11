// Issue #6: a declaration changes between two starts of the server on the same database. Each test declares the
// area as it was, stores records through the API, "deploys" the changed declaration (a new server on the same
// data), and checks the records: nothing lost, nothing silently altered, and unsafe changes refused with the fix.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineArea, field, fields, type AreaDeclaration } from '../../schema/define';
import { buildApp } from '../../server/app';
import { AreaChangeRefused, dropUndeclaredField, evolveAreas } from '../../server/areas/evolve';
import { buildAreaModels } from '../../server/areas/model';
import { loadConfig } from '../../server/config';
import { dialectOf } from '../../server/db/dialect';
import type { Database } from '../../server/db/types';
import { hashPassword } from '../../server/passwords';
import { createUser, hasAnyUser } from '../../server/repositories/users';
import { watchingStatements } from '../helpers/db';
import { createRestartableDb, type RestartableDb } from '../helpers/restartable';
import { gadgets } from './fixtures/declarations';
import { USER, apiClient, listParams, signIn, type ApiClient } from './helpers';

const config = loadConfig({ STATIC_DIR: '/nonexistent/cornerstone-dist', LOGIN_RATE_LIMIT: '0', PUBLIC_FORM_RATE_LIMIT: '0' });

interface Running {
  app: FastifyInstance;
  api: ApiClient;
  db: Kysely<Database>;
  stop: () => Promise<void>;
}

let data: RestartableDb | undefined;
const running: Running[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  await data?.remove();
  data = undefined;
});

/** Starts a server on the shared data with these declarations (a deploy). */
async function start(areas: readonly AreaDeclaration[]): Promise<Running> {
  data ??= await createRestartableDb();
  const db = await data.open();
  if (!(await hasAnyUser(db))) await createUser(db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, db, logger: false, areas });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const server = {
    app,
    db,
    api: apiClient(app, await signIn(app)),
    stop: async () => {
      await app.close();
      await db.destroy();
    },
  };
  running.push(server);
  return server;
}

async function stop(server: Running) {
  running.splice(running.indexOf(server), 1);
  await server.stop();
}

/** Refused starts close their connection themselves; this answers the refusal's message. */
async function refusedStart(areas: readonly AreaDeclaration[]): Promise<string> {
  const error = await start(areas).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AreaChangeRefused);
  return (error as Error).message;
}

type Row = Record<string, unknown> & { id: number };

async function create(api: ApiClient, body: Record<string, unknown>): Promise<Row> {
  const response = await api.post('/api/gadgets', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Row>();
}

async function get(api: ApiClient, id: number): Promise<Row> {
  const response = await api.get(`/api/gadgets/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Row>();
}

/** The stored document itself, hidden values included. */
async function storedData(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('records').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
}

async function indexNames(db: Kysely<Database>): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'records'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'records'`.execute(db)).rows;
  return rows.map((row) => row.name).sort();
}

describe('renaming a field (renamedFrom)', () => {
  it('moves the stored values to the new name once, and a save keeps them', async () => {
    let server = await start([gadgets({ colour: fields.optionalText('Colour', 40) })]);
    const red = await create(server.api, { title: 'Lamp', colour: 'red' });
    const none = await create(server.api, { title: 'Chair' });
    await stop(server);

    const renamed = gadgets({ color: fields.optionalText('Color', 40, { renamedFrom: 'colour' }) });
    server = await start([renamed]);
    expect(await get(server.api, red.id)).toMatchObject({ title: 'Lamp', color: 'red' });
    expect(await get(server.api, red.id)).not.toHaveProperty('colour');
    expect(await get(server.api, none.id)).toMatchObject({ title: 'Chair', color: null });
    const saved = await server.api.put(`/api/gadgets/${red.id}`, { title: 'Desk lamp' });
    expect(saved.json()).toMatchObject({ title: 'Desk lamp', color: 'red' });
    expect(await storedData(server.db, red.id)).toEqual({ title: 'Desk lamp', color: 'red' });
    const log = await server.db.selectFrom('area_migrations').select(['key', 'detail']).where('change', '=', 'rename field').execute();
    expect(log).toEqual([{ key: 'rename:gadgets:colour:color', detail: "'colour' → 'color': 2 records moved" }]);

    // A value written under the old name after the rename ran (by hand, say) is not moved by a second start.
    await sql`update records set data = ${JSON.stringify({ title: 'Chair', colour: 'blue' })} where id = ${none.id}`.execute(server.db);
    await stop(server);
    server = await start([renamed]);
    expect(await storedData(server.db, none.id)).toEqual({ title: 'Chair', colour: 'blue' });
    expect((await get(server.api, none.id)).color).toBeUndefined();
  });
});

// A typo in renamedFrom took every published review off the website, and correcting it later moved nothing back; a
// flag renamed without renamedFrom put a hidden partner on the website (an outside probe of adding and changing areas).
describe('a rename the records cannot have meant', () => {
  it('a renamedFrom that names a field no record holds is refused, naming the field that holds the values; corrected, the values move', async () => {
    let server = await start([gadgets({ published: fields.boolean('Published') })]);
    const shown = await create(server.api, { title: 'Shown', published: true });
    const draft = await create(server.api, { title: 'Draft', published: false });
    await stop(server);

    const message = await refusedStart([gadgets({ active: fields.boolean('Published', { renamedFrom: 'publishd' }) })]);
    expect(message).toContain('Nothing was changed.');
    expect(message).toContain(
      "Area 'gadgets', field 'active' (Published) is renamed from 'publishd', which none of its 2 records hold: nothing would be moved, and 2 records would get false (its default). The records hold 'published', which the declaration no longer names.",
    );
    expect(message).toContain("What to do: write in renamedFrom the old field's name exactly as it was declared ('published'?), or take renamedFrom away if 'publishd' never held values.");

    server = await start([gadgets({ active: fields.boolean('Published', { renamedFrom: 'published' }) })]);
    expect(await storedData(server.db, shown.id)).toEqual({ title: 'Shown', active: true });
    expect(await storedData(server.db, draft.id)).toEqual({ title: 'Draft', active: false });
  });

  it('a flag renamed without renamedFrom is refused, as a hidden record would show; declared a new field with backfill, it starts so', async () => {
    let server = await start([gadgets({ active: fields.active('Shown') })]);
    const hidden = await create(server.api, { title: 'Hidden', active: false });
    const visible = await create(server.api, { title: 'Visible', active: true });
    await stop(server);

    const message = await refusedStart([gadgets({ shown: fields.active('Shown') })]);
    expect(message).toContain(
      "Area 'gadgets', field 'shown' (Shown) is new and 2 records would get true (its default), while 'active', a boolean field no longer declared, holds their values: if it is the same field renamed, what each record said would be lost.",
    );
    expect(message).toContain("What to do: if 'shown' is 'active' renamed, declare renamedFrom: 'active'; if it is a new field, say what the existing records get with the field option backfill (e.g. { backfill: true }).");

    server = await start([gadgets({ shown: fields.active('Shown', { backfill: true }) })]);
    expect(await storedData(server.db, hidden.id)).toEqual({ title: 'Hidden', active: false, shown: true });
    expect(await get(server.api, visible.id)).toMatchObject({ title: 'Visible', shown: true });
  });

  it('a new field beside a removed one of another kind, or a rename of a declared field no record held, starts as before', async () => {
    let server = await start([gadgets({ colour: fields.optionalText('Colour', 40), remark: fields.optionalText('Remark', 40) })]);
    const lamp = await create(server.api, { title: 'Lamp', colour: 'red' });
    await stop(server);
    server = await start([gadgets({ featured: fields.boolean('Featured'), note: fields.optionalText('Note', 40, { renamedFrom: 'remark' }) })]);
    expect(await get(server.api, lamp.id)).toMatchObject({ title: 'Lamp', featured: false, note: null });
    expect(await storedData(server.db, lamp.id)).toMatchObject({ title: 'Lamp', colour: 'red', featured: false });
  });
});

describe('renaming a field back and forth', () => {
  it('moves the values each time: renamed, renamed back, then renamed again as the first time', async () => {
    let server = await start([gadgets({ colour: fields.optionalText('Colour', 40) })]);
    const red = await create(server.api, { title: 'Lamp', colour: 'red' });
    await stop(server);
    const forth = gadgets({ color: fields.optionalText('Color', 40, { renamedFrom: 'colour' }) });
    const back = gadgets({ colour: fields.optionalText('Colour', 40, { renamedFrom: 'color' }) });
    server = await start([forth]);
    expect(await storedData(server.db, red.id)).toEqual({ title: 'Lamp', color: 'red' });
    await stop(server);
    server = await start([back]);
    expect(await storedData(server.db, red.id)).toEqual({ title: 'Lamp', colour: 'red' });
    await stop(server);
    // The first rename's log entry said it had run: the values stayed under 'colour', unseen (an outside probe).
    server = await start([forth]);
    expect(await storedData(server.db, red.id)).toEqual({ title: 'Lamp', color: 'red' });
    expect(await get(server.api, red.id)).toMatchObject({ title: 'Lamp', color: 'red' });
    const log = await server.db.selectFrom('area_migrations').select(['key', 'detail']).where('change', '=', 'rename field').orderBy('id').execute();
    expect(log).toEqual([
      { key: 'rename:gadgets:colour:color', detail: "'colour' → 'color': 1 record moved" },
      { key: 'rename:gadgets:color:colour', detail: "'color' → 'colour': 1 record moved" },
      { key: 'rename:gadgets:colour:color:2', detail: "'colour' → 'color': 1 record moved" },
    ]);
    // Once is still once: a start with the same declaration moves nothing more.
    await stop(server);
    server = await start([forth]);
    expect(await server.db.selectFrom('area_migrations').select('key').where('change', '=', 'rename field').execute()).toHaveLength(3);
  });
});

describe('adding a field', () => {
  it('a boolean with a default is on every old record: read, filtered and sorted by it', async () => {
    let server = await start([gadgets({})]);
    const a = await create(server.api, { title: 'A' });
    const b = await create(server.api, { title: 'B' });
    await stop(server);

    server = await start([gadgets({ featured: fields.boolean('Featured') }, { filters: ['featured'], sort: ['title', 'featured'] })]);
    expect(await get(server.api, a.id)).toMatchObject({ featured: false });
    const c = await create(server.api, { title: 'C', featured: true });
    const notFeatured = await server.api.get(`/api/gadgets${listParams({ filter: { featured: false }, sort: ['title', 'ASC'] })}`);
    expect(notFeatured.statusCode, notFeatured.body).toBe(200);
    expect(notFeatured.json<Row[]>().map((row) => row.id)).toEqual([a.id, b.id]);
    const byFeatured = await server.api.get(`/api/gadgets${listParams({ sort: ['featured', 'DESC'] })}`);
    expect(byFeatured.json<Row[]>().map((row) => row.id)).toEqual([c.id, b.id, a.id]);
    const log = await server.db.selectFrom('area_migrations').select('detail').where('change', '=', 'backfill field').execute();
    expect(log).toEqual([{ detail: "'featured' set to false (its default) in 2 records that had no value" }]);
  });

  it('a new optional field reads as empty on old records', async () => {
    let server = await start([gadgets({})]);
    const a = await create(server.api, { title: 'A' });
    await stop(server);
    server = await start([gadgets({ note: fields.optionalText('Note', 100), tags: fields.tags('Tags') }, { filters: ['tags'] })]);
    expect(await get(server.api, a.id)).toEqual(expect.objectContaining({ note: null, tags: [] }));
  });

  it('a required field without a default is refused while records exist, and a backfill fills the old ones', async () => {
    let server = await start([gadgets({ colour: fields.optionalText('Colour', 40) })]);
    const a = await create(server.api, { title: 'A' });
    const b = await create(server.api, { title: 'B' });
    await stop(server);

    const message = await refusedStart([gadgets({ code: fields.text('Code', 20) })]);
    expect(message).toContain('Nothing was changed.');
    expect(message).toContain("Area 'gadgets', field 'code' (Code) is required, but 2 existing records of 2 have no value for it.");
    expect(message).toContain('give it a default (.default(...)), make it optional, or give the existing records a value with the field option backfill');
    expect(message).toContain("If 'code' is the new name of 'colour', declare renamedFrom instead.");

    server = await start([gadgets({ code: fields.text('Code', 20, { backfill: 'UNSET' }) })]);
    expect(await get(server.api, a.id)).toMatchObject({ title: 'A', code: 'UNSET' });
    // The old record saves unchanged; a new one must still give a code.
    const unchanged = await server.api.put(`/api/gadgets/${b.id}`, await get(server.api, b.id));
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const missing = await server.api.post('/api/gadgets', { title: 'C' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { code: 'Code is required' } });
  });

  it('on an empty area any field may be added', async () => {
    let server = await start([gadgets({})]);
    await stop(server);
    server = await start([gadgets({ code: fields.text('Code', 20) })]);
    expect((await server.api.post('/api/gadgets', { title: 'A', code: 'X' })).statusCode).toBe(201);
  });
});

describe('an area that gains a slug', () => {
  /** Empties a stored slug, as a record written around the API may have it. */
  async function clearSlug(db: Kysely<Database>, id: number) {
    if (dialectOf(db) === 'postgres') await sql`update records set data = jsonb_set(data, '{slug}', 'null') where id = ${id}`.execute(db);
    else await sql`update records set data = json_set(data, '$.slug', json('null')) where id = ${id}`.execute(db);
  }
  const withSlug = gadgets({ slug: fields.slug() }, { slug: { field: 'slug', from: 'title' }, unique: ['slug'] });

  it('gives each record without one the slug a save would give it, unused in the area; its other values, version and times stay', async () => {
    let server = await start([gadgets({})]);
    const a = await create(server.api, { title: 'Łódź office opens' });
    const b = await create(server.api, { title: 'Łódź office opens' });
    const c = await create(server.api, { title: '!!!' });
    await stop(server);

    server = await start([withSlug]);
    const [ga, gb, gc] = [await get(server.api, a.id), await get(server.api, b.id), await get(server.api, c.id)];
    expect([ga.slug, gb.slug, gc.slug]).toEqual(['lodz-office-opens', 'lodz-office-opens-2', 'gadgets']);
    // Nothing else moved: a's whole answer is what it was, with its slug.
    expect(ga).toEqual({ ...a, slug: 'lodz-office-opens' });
    expect(await storedData(server.db, b.id)).toEqual({ title: 'Łódź office opens', slug: 'lodz-office-opens-2' });
    const log = await server.db.selectFrom('area_migrations').select('detail').where('change', '=', 'fill slug').execute();
    expect(log).toEqual([{ detail: `'slug' made from 'title' in 3 records that had none: ${a.id} 'lodz-office-opens', ${b.id} 'lodz-office-opens-2', ${c.id} 'gadgets'` }]);

    // A slug emptied around the API is filled at the next start, past the ones typed since.
    await clearSlug(server.db, b.id);
    const typed = await create(server.api, { title: 'Another', slug: 'lodz-office-opens-2' });
    await stop(server);
    server = await start([withSlug]);
    expect((await get(server.api, b.id)).slug).toBe('lodz-office-opens-3');
    expect((await get(server.api, typed.id)).slug).toBe('lodz-office-opens-2');
    await stop(server);

    // Nothing to fill: nothing changed, nothing logged.
    server = await start([withSlug]);
    expect(await server.db.selectFrom('area_migrations').select('detail').where('change', '=', 'fill slug').execute()).toHaveLength(2);
  });
});

describe('changing a field', () => {
  it('a type the stored values do not fit is refused, naming the records; nothing is changed', async () => {
    let server = await start([gadgets({ size: fields.optionalText('Size', 40) })]);
    const a = await create(server.api, { title: 'A', size: '012' });
    const b = await create(server.api, { title: 'B', size: 'large' });
    await create(server.api, { title: 'C' });
    await stop(server);

    // The text "012" is taken by a number field only read as 12: stored as text, it made every answer holding it a
    // 500 (the whole list), and rewriting it would lose its 0. Refused too, and said so.
    const message = await refusedStart([gadgets({ size: fields.optionalInteger('Size', 0, 100) })]);
    expect(message).toContain(`Area 'gadgets', field 'size' (Size) changed, and 2 records of 3 hold values it now refuses (ids ${a.id}, ${b.id}; record ${a.id}: "012" is stored as text ("The value must be a number, not text")).`);

    // Refused means untouched: the old declaration still starts and reads the same values.
    server = await start([gadgets({ size: fields.optionalText('Size', 40) })]);
    expect(await get(server.api, a.id)).toMatchObject({ size: '012' });
    expect(await get(server.api, b.id)).toMatchObject({ size: 'large' });
  });

  it('a field made required with stored empty values is refused; a default fills them', async () => {
    let server = await start([gadgets({ kind: fields.optionalChoice('Kind', ['a', 'b']) })]);
    const empty = await create(server.api, { title: 'A' });
    await create(server.api, { title: 'B', kind: 'b' });
    await stop(server);
    await refusedStart([gadgets({ kind: fields.choice('Kind', ['a', 'b']) })]);
    server = await start([gadgets({ kind: fields.choice('Kind', ['a', 'b']).default('a') })]);
    expect(await get(server.api, empty.id)).toMatchObject({ kind: 'a' });
  });
});

describe('unique fields', () => {
  it('a new unique field whose values repeat is refused, listing the duplicates', async () => {
    let server = await start([gadgets({ code: fields.optionalText('Code', 20) })]);
    const a = await create(server.api, { title: 'A', code: 'X1' });
    await create(server.api, { title: 'B', code: 'Y' });
    const c = await create(server.api, { title: 'C', code: 'X1' });
    await create(server.api, { title: 'D' });
    await create(server.api, { title: 'E' });
    await stop(server);

    const message = await refusedStart([gadgets({ code: fields.optionalText('Code', 20) }, { unique: ['code'] })]);
    expect(message).toContain(`Area 'gadgets', field 'code' (Code) is declared unique, but 1 value is repeated: "X1" (ids ${a.id}, ${c.id}).`);
    expect(message).toContain('edit or delete the duplicates');

    server = await start([gadgets({ code: fields.optionalText('Code', 20) })]);
    await server.api.put(`/api/gadgets/${c.id}`, { code: 'X2' });
    await stop(server);
    server = await start([gadgets({ code: fields.optionalText('Code', 20) }, { unique: ['code'] })]);
    const duplicate = await server.api.post('/api/gadgets', { title: 'F', code: 'X1' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ errors: { code: 'Code is already used by another entry: choose another' } });
  });

  it('a field taken out of unique loses its index: duplicates are then accepted, never a 500', async () => {
    let server = await start([gadgets({ code: fields.optionalText('Code', 20) }, { unique: ['code'] })]);
    await create(server.api, { title: 'A', code: 'X1' });
    expect(await indexNames(server.db)).toContain('records_gadgets_code_s_key');
    await stop(server);

    server = await start([gadgets({ code: fields.optionalText('Code', 20) })]);
    expect(await indexNames(server.db)).not.toContain('records_gadgets_code_s_key');
    const duplicate = await server.api.post('/api/gadgets', { title: 'B', code: 'X1' });
    expect(duplicate.statusCode, duplicate.body).toBe(201);
    const log = await server.db.selectFrom('area_migrations').select('detail').where('change', '=', 'drop index').execute();
    expect(log).toEqual([{ detail: 'records_gadgets_code_s_key: no longer declared' }]);
  });
});

describe('indexes replaced at a start', () => {
  // On PostgreSQL a dropped index locks the table against reads until the commit; a created one only against writes.
  // The new indexes are created first and the old ones dropped last, so that reads wait only for the drops.
  it('creates the new index before it drops the old one', async () => {
    let server = await start([gadgets({ code: fields.optionalText('Code', 20), serial: fields.optionalText('Serial', 20) }, { unique: ['code'] })]);
    await stop(server);
    server = await start([gadgets({ code: fields.optionalText('Code', 20), serial: fields.optionalText('Serial', 20) }, { unique: ['serial'] })]);
    const log = await server.db.selectFrom('area_migrations').select(['change', 'detail']).where('change', 'in', ['create index', 'drop index']).orderBy('id').execute();
    const at = (change: string, name: string) => log.findIndex((entry) => entry.change === change && entry.detail.startsWith(name));
    expect(at('create index', 'records_gadgets_serial_s_key')).toBeGreaterThan(-1);
    expect(at('drop index', 'records_gadgets_code_s_key')).toBeGreaterThan(at('create index', 'records_gadgets_serial_s_key'));
    expect(await indexNames(server.db)).toEqual(expect.arrayContaining(['records_gadgets_serial_s_key']));
    expect(await indexNames(server.db)).not.toContain('records_gadgets_code_s_key');
    await stop(server);
  });
});

describe('removing a field', () => {
  it('keeps its values, unseen and not writable, through saves, and restores them when the field comes back', async () => {
    let server = await start([gadgets({ note: fields.optionalText('Note', 100) })]);
    const a = await create(server.api, { title: 'A', note: 'keep me' });
    await stop(server);

    server = await start([gadgets({})]);
    expect(await get(server.api, a.id)).toEqual({ id: a.id, title: 'A', version: 1, created_at: expect.any(String), updated_at: expect.any(String) });
    const saved = await server.api.put(`/api/gadgets/${a.id}`, { title: 'A2', note: 'overwritten?' });
    expect(saved.json()).not.toHaveProperty('note');
    expect(await storedData(server.db, a.id)).toEqual({ title: 'A2', note: 'keep me' });
    const fresh = await create(server.api, { title: 'B', note: 'ignored' });
    expect(await storedData(server.db, fresh.id)).toEqual({ title: 'B' });
    await stop(server);

    server = await start([gadgets({ note: fields.optionalText('Note', 100) })]);
    expect(await get(server.api, a.id)).toMatchObject({ title: 'A2', note: 'keep me' });
    expect(await get(server.api, fresh.id)).toMatchObject({ title: 'B', note: null });
  });

  it('drops the kept values only when told to, and never those of a declared field', async () => {
    let server = await start([gadgets({ note: fields.optionalText('Note', 100) })]);
    const a = await create(server.api, { title: 'A', note: 'old' });
    await expect(dropUndeclaredField(server.db, buildAreaModels([gadgets({ note: fields.optionalText('Note', 100) })]), 'gadgets', 'note')).rejects.toThrow(
      "Field 'note' is still declared in area 'gadgets': remove it from the declaration (and start once) before dropping its values.",
    );
    expect(await storedData(server.db, a.id)).toEqual({ title: 'A', note: 'old' });
    await stop(server);

    const without = gadgets({});
    server = await start([without]);
    expect(await dropUndeclaredField(server.db, buildAreaModels([without]), 'gadgets', 'note')).toBe(1);
    expect(await storedData(server.db, a.id)).toEqual({ title: 'A' });
    const log = await server.db.selectFrom('area_migrations').select('detail').where('change', '=', 'drop field').execute();
    expect(log).toEqual([{ detail: "'note': values deleted from 1 record" }]);
  });

  it('keeps the values of a whole area that is no longer declared', async () => {
    let server = await start([gadgets({})]);
    const a = await create(server.api, { title: 'A' });
    await stop(server);
    const other = defineArea({ name: 'widgets', label: 'Widgets', icon: 'features', group: 'website-tools', kind: 'collection', schema: z.object({ name: fields.text('Name') }) });
    server = await start([other]);
    expect(await storedData(server.db, a.id)).toEqual({ title: 'A' });
    await stop(server);
    server = await start([gadgets({})]);
    expect(await get(server.api, a.id)).toMatchObject({ title: 'A' });
  });
});

describe('the snapshot and the log', () => {
  it('a start with unchanged declarations changes nothing and logs nothing', async () => {
    const declaration = gadgets({ code: fields.optionalText('Code', 20) }, { unique: ['code'], sort: ['code'] });
    let server = await start([declaration]);
    await create(server.api, { title: 'A', code: 'X' });
    const changes = await server.db.selectFrom('area_migrations').select('id').execute();
    await stop(server);
    server = await start([declaration]);
    expect(await server.db.selectFrom('area_migrations').select('id').execute()).toEqual(changes);
    const [snapshot] = await server.db.selectFrom('area_snapshots').select(['area', 'snapshot']).execute();
    expect(snapshot?.area).toBe('gadgets');
    expect(JSON.parse(snapshot!.snapshot)).toMatchObject({ kind: 'collection', unique: ['code'], fields: { title: { kind: 'string', required: true } } });
  });

  it('reads no stored record for a field that now also takes null, and reads them all for one that changed', async () => {
    // A list field as declared before this pass (null refused), then as now (null is the empty list).
    const before = gadgets({ parts: field(z.array(z.string().trim().max(40)).max(5).default([]), { label: 'Parts', max: 5 }) });
    let server = await start([before]);
    const lamp = await create(server.api, { title: 'Lamp', parts: ['shade', 'bulb'] });
    await stop(server);
    const reads = async (areas: readonly AreaDeclaration[]) => {
      const opened = await data!.open();
      let batches = 0;
      const watched = watchingStatements(opened, (statement) => {
        if (/"kind":"SelectQueryNode"/.test(statement) && statement.includes('"records"') && statement.includes('"data"')) batches += 1;
      });
      try {
        await evolveAreas(watched, buildAreaModels(areas));
      } finally {
        await opened.destroy();
      }
      return batches;
    };
    const nullable = gadgets({ parts: field(z.array(z.string().trim().max(40)).max(5).nullish().transform((value) => value ?? []), { label: 'Parts', max: 5 }) });
    expect(await reads([nullable])).toBe(0);
    // Fewer items allowed: the stored ones are looked at.
    const shorter = gadgets({ parts: field(z.array(z.string().trim().max(40)).max(1).nullish().transform((value) => value ?? []), { label: 'Parts', max: 1 }) });
    await expect(reads([shorter])).rejects.toThrow(AreaChangeRefused);
    server = await start([nullable]);
    expect(await get(server.api, lamp.id)).toMatchObject({ parts: ['shade', 'bulb'] });
    const cleared = await server.api.put(`/api/gadgets/${lamp.id}`, { parts: null });
    expect(cleared.json()).toMatchObject({ parts: [] });
  });

  it('a dry run reports what a start would do and changes nothing', async () => {
    let server = await start([gadgets({})]);
    const a = await create(server.api, { title: 'A' });
    const plan = await evolveAreas(server.db, buildAreaModels([gadgets({ featured: fields.boolean('Featured') })]), { dryRun: true });
    expect(plan.changes.map((change) => change.change)).toEqual(['backfill field']);
    expect(await storedData(server.db, a.id)).toEqual({ title: 'A' });
    await stop(server);
    server = await start([gadgets({})]);
    expect(await get(server.api, a.id)).not.toHaveProperty('featured');
  });
});
