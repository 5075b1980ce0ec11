// SQL of the declaration changes (server/areas/evolve.ts): snapshots, the change log, and bulk edits of the
// stored documents (renames, backfills, dropping a field for good). Every function takes the db or a transaction.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, jsonAccess } from '../db/dialect';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

// Field and area names are inlined as literals (checked when the app starts, server/areas/model.ts).
const inArea = (area: string) => sql<SqlBool>`area = ${sql.lit(area)}`;
const SAFE = /^[a-z_][a-z0-9_]*$/i;
const name = (field: string) => {
  if (!SAFE.test(field)) throw new Error(`Unsafe field name: ${JSON.stringify(field)}`);
  return field;
};

function keys(db: Db) {
  if (dialectOf(db) === 'postgres') {
    return {
      has: (field: string) => sql<SqlBool>`jsonb_exists(data, ${sql.lit(name(field))})`,
      isNull: (field: string) => sql<SqlBool>`jsonb_typeof(data -> ${sql.lit(name(field))}) = 'null'`,
      without: (field: string, document: RawBuilder<unknown> = sql`data`) => sql`(${document} - ${sql.lit(name(field))})`,
      moved: (from: string, to: string) =>
        sql`((data - ${sql.lit(name(from))}) || jsonb_build_object(${sql.lit(name(to))}, data -> ${sql.lit(name(from))}))`,
    };
  }
  const path = (field: string) => sql.lit(`$.${name(field)}`);
  return {
    has: (field: string) => sql<SqlBool>`json_type(data, ${path(field)}) is not null`,
    isNull: (field: string) => sql<SqlBool>`json_type(data, ${path(field)}) = 'null'`,
    without: (field: string, document: RawBuilder<unknown> = sql`data`) => sql`json_remove(${document}, ${path(field)})`,
    // `->` hands the value over as JSON, so objects and arrays stay objects and arrays.
    moved: (from: string, to: string) => sql`json_set(json_remove(data, ${path(from)}), ${path(to)}, json(data -> ${path(from)}))`,
  };
}

export async function readSnapshots(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('area_snapshots').select(['area', 'snapshot']).execute();
  return new Map(rows.map((row) => [row.area, row.snapshot]));
}

export async function writeSnapshot(db: Db, area: string, snapshot: string, now: Date): Promise<void> {
  const updated_at = now.toISOString();
  await db
    .insertInto('area_snapshots')
    .values({ area, snapshot, updated_at })
    .onConflict((oc) => oc.column('area').doUpdateSet({ snapshot, updated_at }))
    .execute();
}

export interface ChangeEntry {
  key?: string;
  area: string;
  change: string;
  detail: string;
  /** The fields whose stored values the change rewrote (not logged: what the search rows must be rebuilt for). */
  fields?: readonly string[];
}

export async function logChange(db: Db, entry: ChangeEntry, now: Date): Promise<void> {
  await db
    .insertInto('area_migrations')
    .values({ key: entry.key ?? null, area: entry.area, change: entry.change, detail: entry.detail, applied_at: now.toISOString() })
    .execute();
}

/**
 * Whether the declared rename `from` → `to` of an area has moved its values, and the key to log it under when it has
 * not. It has when it is logged and no rename back (`to` → `from`) was logged after it: a field renamed, renamed
 * back, then renamed again as the first time moves its values again (an outside probe found them left under the
 * old name, unseen, because the first rename's key was logged). Each run has its own key: `rename:<area>:<from>:<to>`,
 * then `…:2`, `…:3`.
 */
export async function renameToRun(db: Db, area: string, from: string, to: string): Promise<string | undefined> {
  const forth = `rename:${area}:${from}:${to}`;
  const back = `rename:${area}:${to}:${from}`;
  const logged = await db.selectFrom('area_migrations').select(['id', 'key']).where('area', '=', area).where('key', 'is not', null).orderBy('id').execute();
  const runsOf = (base: string) => logged.filter(({ key }) => key === base || key!.startsWith(`${base}:`));
  const forthRuns = runsOf(forth);
  const lastForth = forthRuns.at(-1)?.id;
  const lastBack = runsOf(back).at(-1)?.id;
  if (lastForth !== undefined && (lastBack === undefined || lastBack < lastForth)) return undefined;
  return forthRuns.length === 0 ? forth : `${forth}:${forthRuns.length + 1}`;
}

export async function listChanges(db: Db): Promise<{ area: string; change: string; detail: string; applied_at: string }[]> {
  return db.selectFrom('area_migrations').select(['area', 'change', 'detail', 'applied_at']).orderBy('id').execute();
}

export async function countRecords(db: Db, area: string): Promise<number> {
  const row = await db.selectFrom('records').select((eb) => eb.fn.countAll<number | string>().as('count')).where(inArea(area)).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records of the area whose document has `field` (`present`) or lacks it. */
export async function countWithField(db: Db, area: string, field: string, present: boolean): Promise<number> {
  const k = keys(db);
  const row = await db
    .selectFrom('records')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(inArea(area))
    .where(present ? k.has(field) : sql<SqlBool>`not (${k.has(field)})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves `from` to `to` in every record that has `from` and not yet `to`; answers how many moved. */
export async function renameField(db: Db, area: string, from: string, to: string): Promise<number> {
  const k = keys(db);
  const result = await db
    .updateTable('records')
    .set({ data: k.moved(from, to) as unknown as string })
    .where(inArea(area))
    .where(k.has(from))
    .where(sql<SqlBool>`not (${k.has(to)})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets `field` to `value` where it is missing (and, with `nulls`, where it is JSON null); answers how many changed. */
export async function fillField(db: Db, area: string, field: string, value: unknown, options: { nulls: boolean }): Promise<number> {
  const k = keys(db);
  const json = jsonAccess(dialectOf(db));
  const empty = options.nulls ? sql<SqlBool>`(not (${k.has(field)}) or ${k.isNull(field)})` : sql<SqlBool>`not (${k.has(field)})`;
  const result = await db
    .updateTable('records')
    .set({ data: json.set(field, value) as unknown as string })
    .where(inArea(area))
    .where(empty)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Replaces one record's document in place: its version, its revisions and its times stay as they are. */
export async function replaceRecordData(db: Db, area: string, id: number, data: Record<string, unknown>): Promise<void> {
  await db.updateTable('records').set({ data: JSON.stringify(data) }).where(inArea(area)).where('id', '=', id).execute();
}

/** Removes `field` from every record of the area for good; answers how many records held it. */
export async function dropField(db: Db, area: string, field: string): Promise<number> {
  const k = keys(db);
  const result = await db
    .updateTable('records')
    .set({ data: k.without(field) as unknown as string })
    .where(inArea(area))
    .where(k.has(field))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The ids of the area's records whose text `field` is missing, null or '', in order. Asked as two lookups of the
 * field's value as its unique index holds it (server/db/area-indexes.ts): a start with nothing to find costs two
 * index lookups (0.02 ms), where one condition on both read every record of the area (235 ms for 100,000 posts on
 * SQLite, which walked its (area, id) index instead).
 */
export async function idsWithoutText(db: Db, area: string, field: string): Promise<number[]> {
  const value = jsonAccess(dialectOf(db)).value(name(field), 'string');
  const ids = async (condition: RawBuilder<SqlBool>) =>
    (await db.selectFrom('records').select('id').where(inArea(area)).where(condition).execute()).map((row) => Number(row.id));
  const found = [...(await ids(sql<SqlBool>`${value} is null`)), ...(await ids(sql<SqlBool>`${value} = ''`))];
  return found.sort((a, b) => a - b);
}

/** Every text value the area's records hold in `field`. */
export async function textValues(db: Db, area: string, field: string): Promise<Set<string>> {
  const value = jsonAccess(dialectOf(db)).value(name(field), 'string');
  const rows = await db.selectFrom('records').select(value.as('value')).where(inArea(area)).execute();
  return new Set(rows.flatMap((row) => (typeof row.value === 'string' ? [row.value] : [])));
}

/** One batch of an area's records in id order, after `afterId` (checks that read every record). */
export async function recordBatch(db: Db, area: string, afterId: number, limit: number): Promise<{ id: number; data: Record<string, unknown> }[]> {
  const rows = await db
    .selectFrom('records')
    .select(['id', 'data'])
    .where(inArea(area))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
    return { id: Number(row.id), data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {} };
  });
}

/** Takes the lock that lets one instance at a time change the database for the declarations (PostgreSQL). */
export async function lockEvolution(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('cornerstone:area-evolution'))`.execute(db);
  // The area generation's trigger (migration 0011) waits for the commit by default, and PostgreSQL refuses to
  // create an index on `records` while such events are pending: an evolution rewrites records, then indexes them.
  await sql`set constraints all immediate`.execute(db);
}

/** Whether records of `area` with these ids exist: the ids that do not. */
export async function missingIds(db: Db, area: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const rows = await db.selectFrom('records').select('id').where(inArea(area)).where('id', 'in', chunk).execute();
    for (const row of rows) found.add(Number(row.id));
  }
  return ids.filter((id) => !found.has(id));
}
