// SQL of the search and array-value side tables (migration 0010, issue #10). They are written in the transaction
// that writes the record (server/areas/records.ts), so a search never finds a record by text it no longer has; on
// SQLite the full-text row just before that transaction's commit, in the same SQLite transaction (below).
import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, jsonAccess, unplannedLimit } from '../db/dialect';
import { SEARCH_MERGE_PAGES } from '../db/migrations/0015-search-merging-in-commits';
import { prepared } from '../db/prepared';
import { commitDeferral, type CommitDeferral } from '../db/shared-commits';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

/** What the side tables hold for one record: its folded search text (null: the area has no search fields). */
export interface RecordIndexEntry {
  body: string | null;
  values: readonly { field: string; value: string }[];
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** How an array element is stored and compared: strings as they are, numbers and booleans as JSON text. */
export function elementText(value: unknown): string | undefined {
  // Composed (NFC), stored and asked alike: 'été' with a combining accent and with é are one tag to the filter
  // (each was found only by its own spelling: an outside probe). Index format 4 (server/areas/search-index.ts).
  if (typeof value === 'string') return value.normalize('NFC');
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

const postgres = (db: Db) => dialectOf(db) === 'postgres';

/**
 * Brings what the side tables hold for record `id` to `entry`, writing only what differs: saving a post without
 * changing its search text or its tags writes no side-table row (issue #10: deleting and writing them again was a
 * tenth of an update). `created`: the record was inserted by this transaction, so nothing is held for it yet (ids
 * are never reused; a row that were held would make the insert fail, and on SQLite with it the shared commit).
 */
export async function writeRecordIndex(db: Db, area: string, id: number, entry: RecordIndexEntry, options: { created?: boolean } = {}): Promise<void> {
  const body = options.created ? undefined : await heldSearchBody(db, id);
  if (body !== (entry.body ?? undefined)) {
    if (body !== undefined) await deleteSearchRow(db, id);
    if (entry.body !== null) await insertSearchRow(db, area, id, entry.body);
  }
  const held = options.created ? [] : (await selectHeldValues(db, { id })).rows;
  const key = ({ field, value }: { field: string; value: string }) => `${field}\u0000${value}`;
  const had = new Set(held.map(key));
  const has = new Set(entry.values.map(key));
  const counts: CountChange[] = [];
  for (const lost of held) {
    if (has.has(key(lost))) continue;
    await db.deleteFrom('record_values').where('record_id', '=', id).where('field', '=', lost.field).where('value', '=', lost.value).execute();
    counts.push({ ...lost, change: -1 });
  }
  const gained = entry.values.filter((value) => !had.has(key(value)));
  if (gained.length > 0) await db.insertInto('record_values').values(gained.map(({ field, value }) => ({ record_id: id, area, field, value }))).execute();
  for (const value of gained) counts.push({ area, field: value.field, value: value.value, change: 1 });
  await countValues(db, counts);
}

// ---- The full-text rows of a write, written at its commit (SQLite) -------------------------------------------------
// In a write transaction on SQLite, a record's full-text row is inserted or deleted just before the shared commit
// (server/db/shared-commits.ts), the rows of all the writes sharing it by rowid: FTS5 then writes out one segment for
// them all instead of one for each write (a record created and changed in one commit still writes out two). Replayed
// on the bench's database (100,000 records in each of three areas, creates five to a commit): 618 -> 403 µs of
// SQLite's time per create. A write reads the rows pending before its own from the notes they left; nothing else
// reads the table inside a write transaction (the guard below makes sure).

/** What a deferred statement on the full-text table leaves as a note: the record's search text, or null (deleted). */
interface SearchNote {
  searchOf: number;
  body: string | null;
}

const isSearchNote = (note: unknown): note is SearchNote => typeof note === 'object' && note !== null && 'searchOf' in note;

/** SQLite, in a running write transaction: its full-text rows wait for the commit. */
const searchDeferral = (db: Db): CommitDeferral | undefined => (postgres(db) ? undefined : commitDeferral(db));

/**
 * A search inside a write transaction when a write sharing its commit has full-text rows waiting for it would answer
 * from rows not yet written (finding what was deleted, missing what was written): refused.
 */
function assertNothingDeferred(db: Db): void {
  if (searchDeferral(db)?.lastNote(isSearchNote)) {
    throw new Error('The full-text table is searched inside a write transaction while rows of a write sharing its commit wait for it: search outside the transaction');
  }
}

async function heldSearchBody(db: Db, id: number): Promise<string | undefined> {
  const pending = searchDeferral(db)?.lastNote((note): note is SearchNote => isSearchNote(note) && note.searchOf === id);
  if (pending) return pending.body ?? undefined;
  const { rows } = await selectSearchBody(db, { id });
  return rows[0]?.body;
}

// The same text as insertSearchBody's and deleteSearchBody's on SQLite: the connection's kept statements serve both.
const DEFERRED_INSERT = 'insert into record_search (rowid, area, body) values (?, ?, ?)';
const DEFERRED_DELETE = 'delete from record_search where rowid = ?';

// A commit that writes to the full-text table merges a bounded step of its segments after its rows (migration 0015:
// FTS5 merges nothing at writes by itself), once per commit however many writes share it.
const MERGE_STEP = CompiledQuery.raw(`insert into record_search (record_search, rank) values ('merge', ${SEARCH_MERGE_PAGES})`);

function mergeAtCommit(deferral: CommitDeferral): void {
  deferral.deferOnce('search-merge', MERGE_STEP, Number.MAX_SAFE_INTEGER);
}

async function insertSearchRow(db: Db, area: string, id: number, body: string, deferring = true): Promise<void> {
  const deferral = deferring ? searchDeferral(db) : undefined;
  if (deferral) {
    deferral.defer(CompiledQuery.raw(DEFERRED_INSERT, [id, area, body]), { searchOf: id, body } satisfies SearchNote, body.length + area.length, id);
    mergeAtCommit(deferral);
  } else await insertSearchBody(db, { id, area, body });
}

async function deleteSearchRow(db: Db, id: number): Promise<void> {
  const deferral = searchDeferral(db);
  if (deferral) {
    deferral.defer(CompiledQuery.raw(DEFERRED_DELETE, [id]), { searchOf: id, body: null } satisfies SearchNote, 0, id);
    mergeAtCommit(deferral);
  } else await deleteSearchBody(db, { id });
}

// Run by every write of a record: built once per dialect (server/db/prepared.ts). SQLite's full-text table keys a
// record's row by its rowid, PostgreSQL's table by record_id.
const selectSearchBody = prepared((db, { id }: { id: number }) =>
  postgres(db) ? sql<{ body: string }>`select body from record_search where record_id = ${id}` : sql<{ body: string }>`select body from record_search where rowid = ${id}`,
);
const insertSearchBody = prepared((db, { id, area, body }: { id: number; area: string; body: string }) =>
  postgres(db)
    ? sql`insert into record_search (record_id, area, body) values (${id}, ${area}, ${body})`
    : sql`insert into record_search (rowid, area, body) values (${id}, ${area}, ${body})`,
);
const deleteSearchBody = prepared((db, { id }: { id: number }) =>
  postgres(db) ? sql`delete from record_search where record_id = ${id}` : sql`delete from record_search where rowid = ${id}`,
);
const selectHeldValues = prepared((db, { id }: { id: number }) => db.selectFrom('record_values').select(['area', 'field', 'value']).where('record_id', '=', id));

/**
 * Writes record `id`'s side-table rows (not the per-value counts: their callers keep those), the full-text row at
 * once: a rebuild writes every record of an area in one transaction, whose rows are not kept in memory for its commit.
 */
async function insertIndexRows(db: Db, area: string, id: number, entry: RecordIndexEntry): Promise<void> {
  if (entry.body !== null) await insertSearchRow(db, area, id, entry.body, false);
  if (entry.values.length > 0) {
    await db
      .insertInto('record_values')
      .values(entry.values.map(({ field, value }) => ({ record_id: id, area, field, value })))
      .execute();
  }
}

/** Deletes record `id`'s side-table rows; answers the values it held. */
async function clearRecordIndex(db: Db, id: number) {
  await deleteSearchRow(db, id);
  return db.deleteFrom('record_values').where('record_id', '=', id).returning(['area', 'field', 'value']).execute();
}

/** Before a record is deleted (the values table also cascades; SQLite's FTS table cannot). */
export async function removeRecordIndex(db: Db, id: number): Promise<void> {
  await countValues(
    db,
    (await clearRecordIndex(db, id)).map((held) => ({ ...held, change: -1 as const })),
  );
}

interface CountChange {
  area: string;
  field: string;
  value: string;
  change: 1 | -1;
}

const byCountKey = (a: CountChange, b: CountChange) =>
  a.area < b.area ? -1 : a.area > b.area ? 1 : a.field < b.field ? -1 : a.field > b.field ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0;

/**
 * Changes the per-value counts of one write, each count's row in one order for every write: by (area, field, value).
 * Each change holds its row's lock until the commit on PostgreSQL, so two writes changing the same two values in
 * opposite orders (a post's tags as typed, a delete's values as the database returned them) deadlocked: an outside
 * probe saw 79 deadlocks and 27 lock timeouts in minutes of 15 editors saving their own posts, 1-2 % of the saves
 * answered 503 busy.
 */
async function countValues(db: Db, changes: CountChange[]): Promise<void> {
  for (const { area, field, value, change } of changes.sort(byCountKey)) {
    await addToValueCount(db, { area, field, value, change });
    if (change < 0) await deleteEmptyValueCount(db, { area, field, value });
  }
}

// Run by every write that changes a tag or a filtered value: built once (server/db/prepared.ts).
const addToValueCount = prepared((db, { area, field, value, change }: { area: string; field: string; value: string; change: number }) =>
  db
    .insertInto('record_value_counts')
    .values({ area, field, value, count: change })
    .onConflict((oc) => oc.columns(['area', 'field', 'value']).doUpdateSet({ count: sql`record_value_counts.count + ${change}` })),
);
const deleteEmptyValueCount = prepared((db, { area, field, value }: { area: string; field: string; value: string }) =>
  db.deleteFrom('record_value_counts').where('area', '=', area).where('field', '=', field).where('value', '=', value).where('count', '<=', 0),
);

/** Every record of `area` found again from its document, in batches (a declaration changed its fields). */
export async function rebuildAreaIndex(
  db: Db,
  area: string,
  entryOf: (data: Record<string, unknown>) => RecordIndexEntry,
  batchSize = 500,
): Promise<number> {
  assertNothingDeferred(db);
  if (postgres(db)) await sql`delete from record_search where area = ${area}`.execute(db);
  else await sql`delete from record_search where rowid in (select rowid from record_search where record_search match ${areaQuery(area)})`.execute(db);
  await db.deleteFrom('record_values').where('area', '=', area).execute();
  await db.deleteFrom('record_value_counts').where('area', '=', area).execute();
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await db.selectFrom('records').select(['id', 'data']).where('area', '=', area).where('id', '>', after).orderBy('id').limit(batchSize).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const parsed = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
      const data = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
      after = Number(row.id);
      await insertIndexRows(db, area, after, entryOf(data));
      count += 1;
    }
  }
  await sql`insert into record_value_counts (area, field, value, count)
    select area, field, value, count(*) from record_values where area = ${area} group by area, field, value`.execute(db);
  // Searches may now find other records: counts kept for the area are stale (migration 0011; FTS5 takes no trigger).
  // Its number of records is counted again too: the triggers keep it (migration 0012), but rows written with them off
  // (a data-only restore with triggers disabled) or a TRUNCATE leave it behind, and a list reads no page past it.
  const records = sql<number>`(select count(*) from records where area = ${area})`;
  await db
    .insertInto('area_generations')
    .values({ area, generation: 1, records })
    .onConflict((oc) => oc.column('area').doUpdateSet({ generation: sql`area_generations.generation + 1`, records }))
    .execute();
  return count;
}

export async function readIndexSignatures(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('record_index_state').select(['area', 'signature']).execute();
  return new Map(rows.map((row) => [row.area, row.signature]));
}

export async function writeIndexSignature(db: Db, area: string, signature: string): Promise<void> {
  await db
    .insertInto('record_index_state')
    .values({ area, signature })
    .onConflict((oc) => oc.column('area').doUpdateSet({ signature }))
    .execute();
}

// FTS5 query text: the area's name is one word of the `area` column (see migration 0010); the words are letters and
// digits only, so quoting them is enough.
const areaQuery = (area: string) => `area : "${area}"`;

function searchQuery(db: Db, area: string, words: readonly string[]) {
  if (postgres(db)) return words.map((word) => `${word}:*`).join(' & ');
  return `${areaQuery(area)} AND body : (${words.map((word) => `"${word}"*`).join(' AND ')})`;
}

function searchIn(db: Db, area: string, words: readonly string[]) {
  const query = searchQuery(db, area, words);
  return postgres(db)
    ? sql`select record_id as id from record_search where area = ${area} and words @@ to_tsquery('simple', ${query})`
    : sql`select rowid as id from record_search where record_search match ${query}`;
}

/**
 * Records of `area` whose search text has, for each of `words` (folded and split by server/areas/search-index.ts:
 * letters and digits only), a word starting with it. Both databases answer from their index (FTS5 / GIN).
 */
export function searchCondition(db: Db, area: string, words: readonly string[]): RawBuilder<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  assertNothingDeferred(db);
  return sql<SqlBool>`records.id in (${searchIn(db, area, words)})`;
}

/** Records of `area` whose array `field` holds `value` (as elementText stores it). */
export function containsCondition(area: string, field: string, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`records.id in (select record_id from record_values where area = ${area} and field = ${field} and value = ${value})`;
}

/** The ids of up to `limit` records of `area` that searchCondition matches, read from the index alone. */
export async function searchIds(db: Db, area: string, words: readonly string[], limit: number): Promise<number[]> {
  assertNothingDeferred(db);
  const { rows } = await sql<{ id: number }>`${searchIn(db, area, words)} limit ${unplannedLimit(limit)}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** How many records of `area` searchCondition matches, counted up to `cap`. */
export async function searchCount(db: Db, area: string, words: readonly string[], cap: number): Promise<number> {
  assertNothingDeferred(db);
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from (${searchIn(db, area, words)} limit ${unplannedLimit(cap)}) as matches`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** How many records of `area` containsCondition matches, counted up to `cap`. */
export async function valueCount(db: Db, area: string, field: string, value: string, cap: number): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as count from (select 1 from record_values
    where area = ${area} and field = ${field} and value = ${value} limit ${unplannedLimit(cap)}) as matches`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The search text of these records (those that have one), by id. */
export async function searchBodies(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  assertNothingDeferred(db);
  const { rows } = postgres(db)
    ? await sql<{ id: number; body: string }>`select record_id as id, body from record_search where record_id in (${sql.join(ids)})`.execute(db)
    : await sql<{ id: number; body: string }>`select rowid as id, body from record_search where rowid in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), row.body]));
}

/** What searchCondition asks of one record's search text, answered here: every word starts one of its words. */
export function hasWords(body: string, words: readonly string[]): boolean {
  const own = body.split(/\s+/u);
  return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}

/** The ids of up to `limit` records of `area` that containsCondition matches. */
export async function valueIds(db: Db, area: string, field: string, value: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('record_values')
    .select('record_id')
    .where('area', '=', area)
    .where('field', '=', field)
    .where('value', '=', value)
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.record_id));
}

/**
 * The values an array field holds across an area, most used first, then alphabetically (tag suggestions); `prefix`
 * keeps those that start with it, without regard to case.
 */
export async function fieldValues(db: Db, area: string, field: string, options: { prefix?: string; limit: number }): Promise<{ value: string; count: number }[]> {
  const lowered = jsonAccess(dialectOf(db)).lowerCase(sql.ref('value'));
  let query = db.selectFrom('record_value_counts').select(['value', 'count']).where('area', '=', area).where('field', '=', field);
  if (options.prefix) query = query.where(sql<SqlBool>`${lowered} like ${`${likeLiteral(options.prefix.toLowerCase())}%`} escape '\\'`);
  // Byte order, the same on both databases whatever PostgreSQL's collation: "Stone" before "stone".
  const binary = postgres(db) ? sql`collate "C"` : sql``;
  const rows = await query
    .orderBy('count', 'desc')
    .orderBy(sql`${lowered} ${binary}`)
    .orderBy(sql`value ${binary}`)
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}
