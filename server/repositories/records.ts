// SQL of the generic record store (migration 0002). Every function takes the db or a transaction.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FieldKind } from '../areas/fields';
import type { ListFilter, ListQuery } from '../areas/list-query';
import { dialectOf, jsonAccess } from '../db/dialect';
import type { Database, RecordRow } from '../db/types';
import { filterCondition, sortKey } from './list-sql';
import { deleteRevisions, saveRevision } from './revisions';
import { releaseRecordUploads, syncRecordReferences } from './upload-references';

type Db = Kysely<Database>;

export interface StoredRecord {
  id: number;
  data: Record<string, unknown>;
  position: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  updatedBy: number | null;
}

function toStored(row: RecordRow): StoredRecord {
  // PostgreSQL hands jsonb back parsed; SQLite hands back the text.
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
  return {
    id: Number(row.id),
    data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    position: row.position === null ? null : Number(row.position),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    updatedBy: row.updated_by === null ? null : Number(row.updated_by),
  };
}

// The area is inlined (names are checked when the app starts) so the planners can use the per-area partial
// indexes, whose WHERE clause is a literal.
const inArea = (area: string) => sql<SqlBool>`area = ${sql.lit(area)}`;

function filtered(db: Db, area: string, filters: readonly ListFilter[]) {
  const json = jsonAccess(dialectOf(db));
  let query = db.selectFrom('records').where(inArea(area));
  for (const filter of filters) query = query.where(filterCondition(json, filter));
  return query;
}

/** One page of an area's records, sorted, and how many match in all. */
export async function listRecords(db: Db, area: string, query: ListQuery): Promise<{ records: StoredRecord[]; total: number }> {
  const json = jsonAccess(dialectOf(db));
  const { field, order } = query.sort;
  const rows = await filtered(db, area, query.filters)
    .selectAll()
    // Empty values last either way; the id keeps pages stable among equal values.
    .orderBy(sortKey(json, field), (ob) => (order === 'ASC' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('id', order === 'ASC' ? 'asc' : 'desc')
    .limit(query.range.end - query.range.start + 1)
    .offset(query.range.start)
    .execute();
  const { total } = await filtered(db, area, query.filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return { records: rows.map(toStored), total: Number(total) };
}

/** Every matching record in the sort order (CSV export); no page limit. */
export async function listAllRecords(db: Db, area: string, filters: readonly ListFilter[], sort: ListQuery['sort']): Promise<StoredRecord[]> {
  const json = jsonAccess(dialectOf(db));
  const rows = await filtered(db, area, filters)
    .selectAll()
    .orderBy(sortKey(json, sort.field), (ob) => (sort.order === 'ASC' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('id', sort.order === 'ASC' ? 'asc' : 'desc')
    .execute();
  return rows.map(toStored);
}

/** `lock`: hold the row until the transaction ends (PostgreSQL; SQLite transactions already run one at a time). */
export async function findRecord(db: Db, area: string, id: number, options: { lock?: boolean } = {}): Promise<StoredRecord | undefined> {
  let query = db.selectFrom('records').selectAll().where(inArea(area)).where('id', '=', id);
  if (options.lock && dialectOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toStored(row);
}

/** A singleton's one record. */
export async function findOnlyRecord(db: Db, area: string, options: { lock?: boolean } = {}): Promise<StoredRecord | undefined> {
  let query = db.selectFrom('records').selectAll().where(inArea(area)).orderBy('id').limit(1);
  if (options.lock && dialectOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toStored(row);
}

/** `version`: 1 unless told (a singleton's first save supersedes its defaults, version 1). `by`: who saves it. */
export async function insertRecord(
  db: Db,
  area: string,
  record: { data: Record<string, unknown>; position?: number | null; version?: number; by?: number | null },
  now = new Date(),
): Promise<StoredRecord> {
  const timestamp = now.toISOString();
  const row = await db
    .insertInto('records')
    .values({
      area,
      data: JSON.stringify(record.data),
      position: record.position ?? null,
      created_at: timestamp,
      updated_at: timestamp,
      version: record.version ?? 1,
      updated_by: record.by ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await syncRecordReferences(db, Number(row.id), record.data);
  return toStored(row);
}

/**
 * Replaces a record's document: `previous` (read with `lock` in this transaction) becomes a revision and the record
 * its next version, saved by `by` (issue #8). Undefined when the record is gone or is no longer at that version.
 */
export async function updateRecordData(
  db: Db,
  area: string,
  previous: StoredRecord,
  data: Record<string, unknown>,
  options: { by?: number | null; now?: Date } = {},
): Promise<StoredRecord | undefined> {
  const { id } = previous;
  const row = await db
    .updateTable('records')
    .set({ data: JSON.stringify(data), updated_at: (options.now ?? new Date()).toISOString(), version: previous.version + 1, updated_by: options.by ?? null })
    .where(inArea(area))
    .where('id', '=', id)
    .where('version', '=', previous.version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await saveRevision(db, { kind: area, recordId: id, version: previous.version, data: previous.data, updatedBy: previous.updatedBy, updatedAt: previous.updatedAt });
  await syncRecordReferences(db, id, data);
  return toStored(row);
}

/** Sets one field in place, leaving the rest of the document and updated_at alone (marking a submission read). */
export async function setRecordField(db: Db, area: string, id: number, field: string, value: unknown): Promise<StoredRecord | undefined> {
  const json = jsonAccess(dialectOf(db));
  const row = await db
    .updateTable('records')
    .set({ data: json.set(field, value) as unknown as string })
    .where(inArea(area))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toStored(row);
}

export async function deleteRecord(db: Db, area: string, id: number): Promise<StoredRecord | undefined> {
  const row = await db.deleteFrom('records').where(inArea(area)).where('id', '=', id).returningAll().executeTakeFirst();
  if (row) await releaseRecordUploads(db, id, row.data);
  if (row) await deleteRevisions(db, area, id);
  return row && toStored(row);
}

export async function nextPosition(db: Db, area: string): Promise<number> {
  const row = await db
    .selectFrom('records')
    .select((eb) => eb.fn.max('position').as('max'))
    .where(inArea(area))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function listIds(db: Db, area: string): Promise<number[]> {
  const rows = await db.selectFrom('records').select('id').where(inArea(area)).execute();
  return rows.map((row) => Number(row.id));
}

/** How many records of `area` were created at or after `since`, and when the earliest of them was (or null). */
export async function countCreatedSince(db: Db, area: string, since: Date): Promise<{ count: number; earliest: string | null }> {
  const row = await db
    .selectFrom('records')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('earliest')])
    .where(inArea(area))
    // ISO texts of one length compare as times; (area, created_at) is indexed.
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), earliest: row.earliest ?? null };
}

/** Positions 1..n in the order given. */
export async function setPositions(db: Db, area: string, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db.updateTable('records').set({ position: index + 1 }).where(inArea(area)).where('id', '=', id).execute();
  }
}

/** Whether another record of the area holds this value in this field. */
export async function isValueTaken(db: Db, area: string, field: string, kind: FieldKind, value: unknown, exceptId?: number): Promise<boolean> {
  const json = jsonAccess(dialectOf(db));
  let query = db
    .selectFrom('records')
    .select('id')
    .where(inArea(area))
    .where(sql<SqlBool>`${json.value(field, kind)} = ${json.param(value, kind)}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** How many records of `area` have `field` = each of `values` (one grouped query). */
export async function countByField(db: Db, area: string, field: string, values: readonly number[]): Promise<Map<number, number>> {
  if (values.length === 0) return new Map();
  const json = jsonAccess(dialectOf(db));
  const key = json.value(field, 'number');
  const rows = await db
    .selectFrom('records')
    .select([key.as('key'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where(inArea(area))
    .where(sql<SqlBool>`${key} in (${sql.join(values)})`)
    .groupBy(key)
    .execute();
  return new Map(rows.map((row) => [Number(row.key), Number(row.count)]));
}

/** Per area, how many records have `field` false (unread submissions). */
export async function countFalse(db: Db, areas: readonly string[], field: string): Promise<Map<string, number>> {
  if (areas.length === 0) return new Map();
  const json = jsonAccess(dialectOf(db));
  const rows = await db
    .selectFrom('records')
    .select(['area', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where(sql<SqlBool>`area in (${sql.join(areas.map((area) => sql.lit(area)))})`)
    .where(sql<SqlBool>`${json.value(field, 'boolean')} = ${json.param(false, 'boolean')}`)
    .groupBy('area')
    .execute();
  return new Map(rows.map((row) => [row.area, Number(row.count)]));
}

export async function hasAnyRecord(db: Db): Promise<boolean> {
  return (await db.selectFrom('records').select('id').limit(1).executeTakeFirst()) !== undefined;
}
