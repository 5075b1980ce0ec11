// SQL of the generic record store (migration 0002). Every function takes the db or a transaction.
import { sql, type Kysely, type OrderByItemBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { LIST_COUNT_CAP, MAX_RECORD_ID } from '../../schema/api';
import type { FieldKind } from '../areas/fields';
import { encodeCursor, type ListCursor, type ListFilter, type ListQuery } from '../areas/list-query';
import type { ListField, SortOrder } from '../areas/model';
import { dialectOf, jsonAccess, type JsonAccess } from '../db/dialect';
import { prepared } from '../db/prepared';
import type { Database, RecordRow } from '../db/types';
import { filterCondition, inOrderOf, sortKey } from './list-sql';
import {
  containsCondition,
  elementText,
  removeRecordIndex,
  searchCondition,
  hasWords,
  searchBodies,
  searchCount,
  searchIds,
  valueCount,
  valueIds,
  writeRecordIndex,
  type RecordIndexEntry,
} from './record-index';
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

// Text search and array filters read the side tables (migration 0010), never every document (issue #10).
type SideTableFilter = { search: readonly string[] } | { field: string; value: string };

function sideTableFilter(filter: ListFilter): SideTableFilter | undefined {
  if (filter.type === 'search') return { search: filter.words };
  if (filter.type !== 'contains' || filter.field.column) return undefined;
  const value = elementText(filter.value);
  return value === undefined ? undefined : { field: filter.field.name, value };
}

function sideTableCondition(db: Db, area: string, filter: ListFilter) {
  const side = sideTableFilter(filter);
  if (!side) return undefined;
  return 'search' in side ? searchCondition(db, area, side.search) : containsCondition(area, side.field, side.value);
}

function candidateIds(db: Db, area: string, filter: ListFilter, limit: number): Promise<number[]> | undefined {
  const side = sideTableFilter(filter);
  if (!side) return undefined;
  return 'search' in side ? searchIds(db, area, side.search, limit) : valueIds(db, area, side.field, side.value, limit);
}

const recordCondition = (db: Db, area: string, filter: ListFilter) =>
  sideTableCondition(db, area, filter) ?? filterCondition(jsonAccess(dialectOf(db)), filter);

function filtered(db: Db, area: string, filters: readonly ListFilter[]) {
  // A list of ids is read by id. SQLite, without statistics, would rather walk one of the area's indexes and test
  // every entry against the list (18 ms at 100,000 records instead of 0.1); the unary + keeps it off them.
  const byIds = filters.some((filter) => filter.type === 'ids') && dialectOf(db) === 'sqlite';
  let query = db.selectFrom('records').where(byIds ? sql<SqlBool>`+area = ${sql.lit(area)}` : inArea(area));
  for (const filter of filters) query = query.where(recordCondition(db, area, filter));
  return query;
}

/**
 * A record's columns, its document without the `omit` fields: what a list shows, left out by the database itself.
 * A page of 25 whole posts made PostgreSQL write, and the driver parse, 42 KB of JSON for a list that shows none of
 * their HTML (issue #10: 640 such statements a second at most here; 1,250 without the HTML).
 */
function withRecord(db: Db, query: ReturnType<typeof filtered>, omit: readonly string[]) {
  if (omit.length === 0) return query.selectAll();
  const data =
    dialectOf(db) === 'postgres'
      ? sql<unknown>`data - array[${sql.join(omit.map((field) => sql.lit(field)))}]::text[]`
      : sql<unknown>`json_remove(data, ${sql.join(omit.map((field) => sql.lit(`$."${field}"`)))})`;
  // The same columns as selectAll's, the document being a part of the stored one.
  return query.select(['id', 'area', 'position', 'created_at', 'updated_at', 'version', 'updated_by', data.as('data')]) as unknown as ReturnType<
    ReturnType<typeof filtered>['selectAll']
  >;
}

// A search or array filter matching at most this many records is answered from their ids (read from the side
// table first): the page is then those few records sorted, instead of a walk of the area's sort index.
const FEW_MATCHES = 1000;

/**
 * Replaces each side-table filter (search, array value) that matches few records by the list of their ids, several
 * such filters by the ids all of them match. Filters matching many records are left as they are. What a filter
 * matches is kept with the area's generation, as counts are (a common word was looked up again on every page).
 */
async function narrowed(db: Db, area: string, filters: readonly ListFilter[], generation: Generation): Promise<ListFilter[]> {
  let ids: Set<number> | undefined;
  const rest: ListFilter[] = [];
  for (const filter of filters) {
    if (!sideTableFilter(filter)) {
      rest.push(filter);
      continue;
    }
    const matching = await kept(db, generation, `ids\u0000${area}\u0000${JSON.stringify(filter)}`, async () => {
      const found = await candidateIds(db, area, filter, FEW_MATCHES + 1);
      return found && found.length <= FEW_MATCHES ? found : MANY;
    });
    if (matching === MANY) {
      rest.push(filter);
      continue;
    }
    const found = new Set(matching);
    ids = ids ? new Set([...ids].filter((id) => found.has(id))) : found;
  }
  return ids ? [{ type: 'ids', ids: [...ids] }, ...rest] : rest;
}

const MANY = 'many';

// Counts and side-table matches kept for reuse (issue #10): counting up to LIST_COUNT_CAP read 10,000 index entries
// on every page (0.36 ms of a 1.5 ms list request at 10,000 posts). A value is kept with the area's generation
// (migration 0011), which every change to the area's records moves on in the same transaction, and reused while the
// generation is the one read before the list's queries: a write committed meanwhile moves it past the kept one, so a
// kept value is never older than the records a reader could see. Per database (tests open many), the least recently
// used dropped past KEPT_VALUES.
const KEPT_VALUES = 2000;
const keptValues = new WeakMap<Db, Map<string, KeptValue>>();
/** `waited`: a request found the value kept (or being computed) and took it instead of computing it. */
interface KeptValue {
  generation: string;
  value: Promise<unknown>;
  waited: boolean;
}

/**
 * The generation a list's kept values belong to; undefined: keep nothing (inside a transaction, which may see its own
 * writes).
 */
type Generation = string | undefined;

/** The area's generation: moved on by every change to its records (an area never written has none: '0'). */
export async function areaGeneration(db: Db, area: string): Promise<string> {
  const { rows } = await selectGeneration(db, { area });
  const generation = String(rows[0]?.generation ?? 0);
  if (!db.isTransaction) sawGeneration(db, area, generation);
  return generation;
}

// The generation of each area as a statement outside a transaction last saw it, per database: what a list not kept
// reads against at once (listRecords), its page's statement telling the generation it saw, instead of a statement
// reading the generation first (a round trip to PostgreSQL, issue #10).
const lastSeen = new WeakMap<Db, Map<string, string>>();

function sawGeneration(db: Db, area: string, generation: string): void {
  let areas = lastSeen.get(db);
  if (!areas) lastSeen.set(db, (areas = new Map()));
  areas.set(area, generation);
}

/** The area moved on from the generation a list was read against: `generation` is the one its statement saw. */
class MovedOn extends Error {
  constructor(readonly generation: string) {
    super('The area changed while its list was read');
  }
}

const selectGeneration = prepared((db, { area }: { area: string }) => db.selectFrom('area_generations').select('generation').where('area', '=', area));

/** How many records the area holds, as its triggers keep it (migration 0012). */
export async function areaRecordCount(db: Db, area: string): Promise<number> {
  const { rows } = await selectRecordCount(db, { area });
  return Number(rows[0]?.records ?? 0);
}

const selectRecordCount = prepared((db, { area }: { area: string }) => db.selectFrom('area_generations').select('records').where('area', '=', area));

/**
 * `compute()`, or what it answered before for `key` at this generation. `waitedFor` runs when the computation done
 * here had requests waiting for it, before they go on.
 */
async function kept<T>(db: Db, generation: Generation, key: string, compute: () => Promise<T>, waitedFor?: () => void): Promise<T> {
  if (generation === undefined) return compute();
  const values = keptValues.get(db);
  const found = values?.get(key);
  if (values && found?.generation === generation) {
    found.waited = true;
    values.delete(key);
    values.set(key, found);
    return (await found.value) as T;
  }
  // Kept from the start, so that requests asking for it meanwhile wait for this one computation instead of each
  // running their own: the website's lists count again every second (their time is a filter), and 20 requests at
  // once each counted the same 10,000 posts on PostgreSQL (0.6-1.2 s each, 15 pages a second in all).
  const value = compute();
  const { values: held, entry } = keep(db, generation, key, value);
  try {
    // The waiters' continuations were queued on `value` after this one: they go on after waitedFor.
    const answer = await value;
    if (entry.waited) waitedFor?.();
    return answer;
  } catch (error) {
    if (held.get(key) === entry) held.delete(key);
    throw error;
  }
}

/** Keeps `value` for `key` at this generation (kept); answers the database's kept values and the entry. */
function keep(db: Db, generation: string, key: string, value: Promise<unknown>) {
  let values = keptValues.get(db);
  if (!values) keptValues.set(db, (values = new Map()));
  const entry: KeptValue = { generation, value, waited: false };
  values.delete(key);
  values.set(key, entry);
  if (values.size > KEPT_VALUES) values.delete(values.keys().next().value!);
  return { values, entry };
}

/** Whether a value is kept (or being computed) for `key` at this generation. */
const isKept = (db: Db, generation: string, key: string): boolean => keptValues.get(db)?.get(key)?.generation === generation;

/**
 * A count that an index answers alone, in one statement of at most LIST_COUNT_CAP index entries (1-2 ms), with no
 * document read: no filter (the area's own indexes), one value of a field with an index of its values (a string or
 * number filter: server/db/area-indexes.ts), or what a website list shows, no more (its visibility rules and the
 * filters it takes: the area's website index holds every value they test; 1.2 ms at 10,000 posts instead of 52).
 */
const WEBSITE_RULES = new Set<ListFilter['type']>(['published', 'schedule', 'notPast']);
const indexedCount = (filters: readonly ListFilter[]) =>
  filters.every((filter) => filter.type === 'equals' && !filter.field.column && (filter.field.kind === 'string' || filter.field.kind === 'number')) ||
  (filters.some((filter) => WEBSITE_RULES.has(filter.type)) && filters.every((filter) => WEBSITE_RULES.has(filter.type) || filter.type === 'equals'));

/** How many records match, up to `cap`: a lone search or array filter is counted off its side table alone. */
async function countMatches(db: Db, area: string, filters: readonly ListFilter[], cap: number): Promise<number> {
  // Every record of the area: the number its triggers keep (migration 0012). Not inside a transaction, whose own
  // writes PostgreSQL counts only at its commit (the trigger is deferred).
  if (filters.length === 0 && !db.isTransaction) return Math.min(await areaRecordCount(db, area), cap);
  const side = filters.length === 1 ? sideTableFilter(filters[0]!) : undefined;
  if (side) return 'search' in side ? searchCount(db, area, side.search, cap) : valueCount(db, area, side.field, side.value, cap);
  // SQLite counts on the event loop: up to 10,000 documents read and tested in one statement held it 100-230 ms. A
  // count no index answers alone is counted OFFSET_STEP ids at a time instead, other requests running between the
  // steps.
  if (dialectOf(db) === 'sqlite' && cap > OFFSET_STEP && !indexedCount(filters)) {
    let total = 0;
    let after = 0;
    for (;;) {
      const step = Math.min(OFFSET_STEP, cap - total);
      const ids = await filtered(db, area, filters).select('id').where('id', '>', after).orderBy('id').limit(step).execute();
      total += ids.length;
      if (ids.length < step || total >= cap) return total;
      after = Number(ids[ids.length - 1]!.id);
      await nextTurn();
    }
  }
  const { total } = await db
    .selectFrom(filtered(db, area, filters).select(sql`1`.as('one')).limit(cap).as('matches'))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

// A search matching many records (more than FEW_MATCHES) would list every match before the page could be read:
// 25 ms at 100,000 posts for a word in a quarter of them, the event loop held all along. Its first pages are read
// instead by walking the area's sort order a step at a time and keeping the records whose search text has the
// words (hasWords, the same test the index answers): a common word fills a page within a step or two. A walk that
// has not filled the page after WALK_LIMIT records gives way to the listing query.
const WALK_STEP = 250;
const WALK_LIMIT = 5000;
const WALK_PAGES_UP_TO = 500;

/** `step(offset)`: the ids of the next WALK_STEP records in the list's order, without the search; `rows(ids)`: them. */
async function walkedPage<Row>(
  db: Db,
  words: readonly string[],
  start: number,
  size: number,
  step: (offset: number) => Promise<number[]>,
  rows: (ids: number[]) => Promise<Row[]>,
): Promise<Row[] | undefined> {
  const kept: number[] = [];
  for (let walked = 0; walked < WALK_LIMIT; walked += WALK_STEP) {
    const ids = await step(walked);
    const bodies = await searchBodies(db, ids);
    for (const id of ids) {
      const body = bodies.get(id);
      if (body !== undefined && hasWords(body, words)) kept.push(id);
    }
    if (kept.length >= start + size || ids.length < WALK_STEP) {
      const wanted = kept.slice(start, start + size);
      return wanted.length === 0 ? [] : rows(wanted);
    }
    // Other requests run between the steps (SQLite answers on the event loop).
    await nextTurn();
  }
  return undefined;
}

/** Rows of a list in its order from `start` (past a cursor, computeListPage pastCursor), as one statement. */
type Reader<Row> = (start: Past, limit: number, offset: number) => Promise<Row[]>;

/**
 * Where a list's rows start, as a cursor puts it: the whole list, its values past a (value, id), its empty values
 * from their first, or past an id among them. A shape and its values, not SQL, so that a page's statement can be
 * built once per shape (pageStatement).
 */
type Past =
  | { shape: 'all'; value?: undefined; id?: undefined }
  | { shape: 'valued'; value: string | number | boolean; id: number }
  | { shape: 'empty'; value?: undefined; id?: undefined }
  | { shape: 'emptyAfter'; value?: undefined; id: number };
const ALL: Past = { shape: 'all' };
const EMPTY: Past = { shape: 'empty' };

/**
 * The conditions of a start (Past), its values read from `values` only where the shape uses them (a prepared
 * statement's stand-ins must all be parameters). "After (value, id)" is written out as `key <= value and (key < value
 * or id < id)` (descending), not as the row comparison `(key, id) < (value, id)`: SQLite uses the row comparison on an
 * index of expressions only as a filter, so a cursor 5,000 posts down read the 5,000 entries before it (0.9 ms a
 * page); written out, its first half bounds the walk of the index (0.1 ms). PostgreSQL, the other way round, bounds
 * its scan of an area's (key, id) index by the row comparison whole, and tests the written-out form's second half on
 * each row it reads, decompressing the row's document for it (issue #10: a random page of 100,000 posts 476-522 ->
 * 404-436 µs on one connection; docs/performance.md, twenty-ninth pass). So PostgreSQL gets the row comparison for a
 * key its area indexes (a field of the documents), the written-out form for a column (its index has no id).
 */
function pastConditions(json: JsonAccess, field: ListField, order: SortOrder, shape: Past['shape'], values: { value?: unknown; id?: unknown }): RawBuilder<SqlBool>[] {
  const key = sortKey(json, field);
  const op = sql.raw(order === 'ASC' ? '>' : '<');
  switch (shape) {
    case 'all':
      return [];
    case 'empty':
      return [sql<SqlBool>`${key} is null`];
    case 'emptyAfter':
      return [sql<SqlBool>`${key} is null`, sql<SqlBool>`id ${op} ${values.id}`];
    case 'valued': {
      const at = json.param(values.value, field.kind);
      if (json.dialect === 'postgres' && !field.column) return [sql<SqlBool>`(${key}, id) ${op} (${at}, ${values.id})`];
      return [sql<SqlBool>`${key} ${sql.raw(order === 'ASC' ? '>=' : '<=')} ${at}`, sql<SqlBool>`(${key} ${op} ${at} or id ${op} ${values.id})`];
    }
  }
}

/** A list's order by its sort key: empty values last either way (ids and timestamps are never empty). */
const listDirection = (field: ListField, order: SortOrder) => (ob: OrderByItemBuilder) => {
  const ordered = order === 'ASC' ? ob.asc() : ob.desc();
  return field.notNull ? ordered : ordered.nullsLast();
};

/** A page's rows (without their limit and offset): the records matching, past `conditions`, in the list's order; the id keeps pages stable among equal values. */
function pageQuery(db: Db, area: string, filters: readonly ListFilter[], omit: readonly string[], field: ListField, order: SortOrder, conditions: readonly RawBuilder<SqlBool>[]) {
  const key = sortKey(jsonAccess(dialectOf(db)), field);
  let select = filtered(db, area, filters);
  for (const condition of conditions) select = select.where(condition);
  return (
    withRecord(db, select, omit)
      .select(key.as('sort_key'))
      // The area's generation as the statement saw it (listRecords reads against the one last seen), computed once
      // per statement.
      .select(sql<string | number | null>`(select generation from area_generations where area = ${sql.lit(area)})`.as('list_generation'))
      .orderBy(key, listDirection(field, order))
      .orderBy('id', order === 'ASC' ? 'asc' : 'desc')
  );
}

/** What a page's statement without filters is built from, but its start's shape: its key for pageStatement. */
const pageShape = (area: string, field: ListField, order: SortOrder, omit: readonly string[]): string =>
  JSON.stringify([area, field.name, field.kind, field.column ?? null, field.foldCase ?? false, field.notNull ?? false, order, omit]);

/**
 * A page of a list without filters (issue #10: built per request, Kysely was 13.5% of a random page's time), built
 * once per start's shape and pageShape. Not for a boolean sort field: SQLite's parameter for it depends on its value.
 */
const pageStatement = prepared(
  (db, values: { value: string | number | boolean | null; id: number | null; limit: number; offset: number }, key) => {
    const at = key.indexOf('\u0000');
    const shape = key.slice(0, at) as Past['shape'];
    const [area, name, kind, column, foldCase, notNull, order, omit] = JSON.parse(key.slice(at + 1)) as [string, string, FieldKind, string | null, boolean, boolean, SortOrder, string[]];
    const field: ListField = { name, kind, ...(column === null ? {} : { column }), foldCase, notNull };
    const conditions = pastConditions(jsonAccess(dialectOf(db)), field, order, shape, values);
    return pageQuery(db, area, [], omit, field, order, conditions).limit(values.limit).offset(values.offset);
  },
);

/** Records a deep offset is walked or counted by at a time on SQLite (computeListPage, countMatches). */
const OFFSET_STEP = 500;

// Stepping stones of deep pages (issue #10): where a walk of a list stood after every `every` records, its cursor
// (sort value and id), kept with the area's generation like the counts (a stone laid after a write belongs to the
// generation its walk read, as its page does). A page 5,000 records down walked 5,000 index entries in ten steps
// every time it was asked for, and each page of the website a visitor asked for first was its own walk from the top;
// from the stone before it, a page skips fewer than `every`. The website's lists have their time among their
// filters (to the second), so their stones are laid again each second, by the deep pages asked for in it. At most
// KEPT_WALKS lists per database, each at most a stone per `every` records (1,000 or 4,000 at 100,000).
// SQLite skips a hundred index entries in 3 µs (skippingAfter, below); PostgreSQL reads the row of every record it
// skips (15–20 µs each at 10,000 posts), so its stones lie closer.
const stoneEvery = (db: Db): number => (dialectOf(db) === 'postgres' ? 25 : 100);
const KEPT_WALKS = 64;
/** A list's stones, and the walk laying more of them that other requests wait for. */
interface Walk {
  generation: string | undefined;
  stones: ListCursor[];
  laying?: Promise<void>;
  /** Settled after each step of a stepped walk (SQLite), so that a request waits only until its stone is laid. */
  stepped?: Promise<void>;
  /** A walk reached the list's end: there are no more stones to lay (in this generation). */
  ended?: boolean;
}
const keptWalks = new WeakMap<Db, Map<string, Walk>>();

/** The walk of the list `key` at this generation, its stones to read and to add to; none kept in a transaction. */
function keptWalk(db: Db, generation: Generation, key: string): Walk {
  if (generation === undefined) return { generation, stones: [] };
  let walks = keptWalks.get(db);
  if (!walks) keptWalks.set(db, (walks = new Map()));
  const found = walks.get(key);
  walks.delete(key);
  const entry: Walk = found?.generation === generation ? found : { generation, stones: [] };
  walks.set(key, entry);
  if (walks.size > KEPT_WALKS) walks.delete(walks.keys().next().value!);
  return entry;
}

/**
 * Lets the event loop run what waits (other requests, timers) before the next step: better-sqlite3 answers at once,
 * so awaiting a statement alone would go on in the same turn of the loop.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A sort value as a cursor holds it (list-query.ts encodeCursor keeps the same kinds). */
const cursorValue = (value: unknown): ListCursor['value'] =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** The cursor just after a row of a list read with its sort value. */
const cursorAfter = (row: { sort_key: unknown; id: unknown }): ListCursor => ({ value: cursorValue(row.sort_key), id: Number(row.id) });

/** Lays the stone after the `passed`-th record (a multiple of `every`) if it is the next one missing. */
function layStone(stones: ListCursor[], every: number, passed: number, row: { sort_key: unknown; id: unknown }): void {
  if (stones.length === passed / every - 1) stones.push(cursorAfter(row));
}

/**
 * One page of an area's records, sorted, and how many match in all, counted up to LIST_COUNT_CAP (`exact` false:
 * there are more).
 */
export async function listRecords(db: Db, area: string, query: ListQuery, { omit = [] }: ListReading = {}): Promise<ListPage> {
  // The page's ids are kept with the generation too: asked again before the area changes, it is read by id, without
  // the walk of an index, a search or a count (a deep page of 100,000 posts walked 50,000 index entries each time).
  const { field, order } = query.sort;
  const pageKey = ['page', area, field.name, order, query.range.start, query.range.end, JSON.stringify(query.after ?? null), JSON.stringify(query.filters)].join('\u0000');
  const recordsKey = `${pageKey}\u0000${omit.join('\u0000')}`;
  // A page not kept is read at once against the generation last seen, its last statement telling the generation it
  // saw, instead of after a statement reading the generation (issue #10: a round trip to PostgreSQL, half of a random
  // page's). The same generation at the end as before the start: no change to the area was committed in between, so
  // the page and every value it used belong to it, and it is kept with it. Another one: read again against that one,
  // then, if the area moved on once more, as below.
  let guess = db.isTransaction ? undefined : lastSeen.get(db)?.get(area);
  for (let attempt = 0; guess !== undefined && attempt < 2 && !isKept(db, guess, pageKey); attempt += 1) {
    try {
      const computed = await computeListPage(db, area, query, guess, omit, guess);
      // Its records are not kept (see keptPages): no request can have waited for this computation.
      keep(db, guess, pageKey, Promise.resolve(pageIdsOf(computed)));
      return computed;
    } catch (error) {
      if (!(error instanceof MovedOn)) throw error;
      guess = error.generation;
    }
  }
  // A list that depends on the time (the website's: published by now) has its time among its filters, so in the keys:
  // its callers take it to the second (list-query.ts listTime), and the lists asked within a second share what they
  // count and find.
  const generation = db.isTransaction ? undefined : await areaGeneration(db, area);
  let computed: ListPage | undefined;
  const page = await kept(
    db,
    generation,
    pageKey,
    async () => {
      computed = await computeListPage(db, area, query, generation, omit, undefined);
      return pageIdsOf(computed);
    },
    // Requests waited for this computation: they read its records from here.
    () => keepPageRecords(db, generation, recordsKey, computed!.records),
  );
  if (computed) return computed;
  const records = keptPageRecords(db, generation, recordsKey) ?? keepPageRecords(db, generation, recordsKey, await recordsByIds(db, area, page.ids, omit));
  return { records, total: page.total, exact: page.exact, next: page.next };
}

/** What is kept of a page: its records' ids, not the records (keptPageRecords keeps a few pages' records). */
const pageIdsOf = (page: ListPage) => ({ ids: page.records.map((record) => record.id), total: page.total, exact: page.exact, next: page.next });

// The records of the pages asked for again most recently are kept too, not only their ids (issue #10): a page read
// again before its area changes (a list every open console reloads, the website's first page) was read by id each
// time, 136 µs of SQL and the parsing of its documents out of 700 µs for a console's page on SQLite. Kept with the
// area's generation like the ids, so never older than what a reader could see; frozen when first handed out again, so
// that no caller can change what the next one reads. At most KEPT_PAGES pages of at most KEPT_PAGE_RECORDS records per
// database (a few megabytes).
// A page's records are kept when it is asked for again (read by its kept ids then), or at once when other requests
// waited for its computation, its first caller being handed the very objects kept (callers do not change the records
// they are given). Kept at once always, the records of random pages of a long list, never asked for again, lived as
// long as 32 pages took to be asked for: long enough for V8 to move them out of its young generation, 124 of the 214 MB
// moved in 8 s of random pages (27 MB a second), freed by its full collections only, every 0.6 s (docs/performance.md,
// thirty-first pass).
const KEPT_PAGES = 32;
const KEPT_PAGE_RECORDS = 50;
const keptPages = new WeakMap<Db, Map<string, { generation: string; records: readonly StoredRecord[]; frozen: boolean }>>();

function keptPageRecords(db: Db, generation: Generation, key: string): StoredRecord[] | undefined {
  if (generation === undefined) return undefined;
  const pages = keptPages.get(db);
  const found = pages?.get(key);
  if (!pages || found?.generation !== generation) return undefined;
  if (!found.frozen) {
    found.records.forEach(deepFreeze);
    found.frozen = true;
  }
  pages.delete(key);
  pages.set(key, found);
  return [...found.records];
}

function keepPageRecords(db: Db, generation: Generation, key: string, records: StoredRecord[]): StoredRecord[] {
  if (generation === undefined || records.length > KEPT_PAGE_RECORDS) return records;
  let pages = keptPages.get(db);
  if (!pages) keptPages.set(db, (pages = new Map()));
  pages.delete(key);
  pages.set(key, { generation, records: [...records], frozen: false });
  if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value!);
  return records;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface ListReading {
  /** Fields of the documents the caller does not show (a list's rich text), left out by the database. */
  omit?: readonly string[];
}

interface ListPage {
  records: StoredRecord[];
  total: number;
  exact: boolean;
  next: string | undefined;
}

/**
 * `expected`: the generation the page is read against without having read it first (listRecords); MovedOn when the
 * last statement saw another.
 */
async function computeListPage(db: Db, area: string, query: ListQuery, generation: Generation, omit: readonly string[], expected: string | undefined): Promise<ListPage> {
  const json = jsonAccess(dialectOf(db));
  const { field, order } = query.sort;
  const key = sortKey(json, field);
  const size = query.range.end - query.range.start + 1;
  const every = stoneEvery(db);
  const filters = await narrowed(db, area, query.filters, generation);
  const direction = listDirection(field, order);
  const idOrder = order === 'ASC' ? 'asc' : 'desc';
  // The list's records in its order, past `conditions` (a cursor's); `page` reads whole rows, `keys` (a deep offset's
  // walk, below) only their sort values and ids.
  const matching = (conditions: readonly RawBuilder<SqlBool>[]) => {
    let select = filtered(db, area, filters);
    for (const condition of conditions) select = select.where(condition);
    return select;
  };
  // The page's statement without filters (a console's list, the most asked for) is built once per area, sort and
  // shape of cursor (pageStatement); with filters, each time.
  const shape = filters.length === 0 && field.kind !== 'boolean' ? pageShape(area, field, order, omit) : undefined;
  // Whether the last page statement saw the expected generation (it tells it with its rows, none when it read none).
  let seenExpected = false;
  const page: Reader<RecordRow & { sort_key: unknown }> = async (past, limit, offset) => {
    const rows = shape
      ? (await pageStatement(db, { value: past.value ?? null, id: past.id ?? null, limit, offset }, `${past.shape}\u0000${shape}`)).rows
      : await pageQuery(db, area, filters, omit, field, order, pastConditions(json, field, order, past.shape, past))
          .limit(limit)
          .offset(offset)
          .execute();
    seenExpected = false;
    if (rows.length > 0 && !db.isTransaction) {
      const seen = String(rows[0]!.list_generation ?? 0);
      sawGeneration(db, area, seen);
      if (expected !== undefined && seen !== expected) throw new MovedOn(seen);
      seenExpected = true;
    }
    return rows;
  };
  const keys: Reader<{ sort_key: unknown; id: number }> = (past, limit, offset) =>
    matching(pastConditions(json, field, order, past.shape, past))
      .select([key.as('sort_key'), 'id'])
      .orderBy(key, direction)
      .orderBy('id', idOrder)
      .limit(limit)
      .offset(offset)
      .execute();
  const counted = await kept(db, generation, `count\u0000${area}\u0000${JSON.stringify(query.filters)}`, () =>
    countMatches(db, area, filters, LIST_COUNT_CAP + 1),
  );
  // A page starting past the last match has nothing to read: a website's `?tag=…&page=700` (of 40 pages) walked every
  // match to find so, each second again, and a crawler asks for such pages.
  let rows: (RecordRow & { sort_key: unknown })[] | undefined = !query.after && counted <= LIST_COUNT_CAP && query.range.start >= counted ? [] : undefined;
  const common = filters.find((filter) => filter.type === 'search');
  if (!rows && !query.after && common?.type === 'search' && query.range.start + size <= WALK_PAGES_UP_TO) {
    const others = filters.filter((filter) => filter !== common);
    rows = await walkedPage(
      db,
      common.words,
      query.range.start,
      size,
      async (offset) =>
        (
          await filtered(db, area, others)
            .select('id')
            .orderBy(key, direction)
            .orderBy('id', idOrder)
            .limit(WALK_STEP)
            .offset(offset)
            .execute()
        ).map((row) => Number(row.id)),
      (ids) =>
        withRecord(db, filtered(db, area, [{ type: 'ids', ids }]), omit)
          .select(key.as('sort_key'))
          .orderBy(key, direction)
          .orderBy('id', idOrder)
          .execute(),
    );
  }
  // Keyset (issue #10): the records after the cursor's (sort value, id) in the list's order, read off the sort index
  // from there; empty values come last, so a cursor with a value is followed by the rest of the values and then by
  // the empty ones (pastConditions writes them in SQL).
  const pastCursor = ({ value, id }: ListCursor): { valued: Past | undefined; empty: Past } =>
    value === null ? { valued: undefined, empty: { shape: 'emptyAfter', id } } : { valued: { shape: 'valued', value, id }, empty: EMPTY };
  const after = async <Row>(read: Reader<Row>, cursor: ListCursor, limit: number): Promise<Row[]> => {
    const { valued, empty } = pastCursor(cursor);
    if (!valued) return read(empty, limit, 0);
    const found = await read(valued, limit, 0);
    return found.length < limit ? [...found, ...(await read(empty, limit - found.length, 0))] : found;
  };
  // The page `skip` records past a cursor, in one statement: SQLite applies an offset before it reads a row or builds
  // a result, so skipping fewer than a stone's worth of index entries costs less than reading their keys first (a
  // page 50,000 posts down: 3 µs more for 99 skipped than for none, against 94 µs to read the keys of 99);
  // PostgreSQL reads the skipped rows either way, and is spared a round trip. Undefined when the skip ends past the
  // list's last value, where how many values it passed is not known: the caller walks.
  const skippingAfter = async (cursor: ListCursor, skip: number): Promise<typeof rows> => {
    const { valued, empty } = pastCursor(cursor);
    if (!valued) return page(empty, size, skip);
    const found = await page(valued, size, skip);
    if (found.length === size || field.notNull) return found;
    if (found.length === 0) return undefined;
    // Values were read after the skip, so every record it skipped had one: the empty ones follow from their first.
    return [...found, ...(await page(empty, size - found.length, 0))];
  };
  // SQLite answers on the event loop, and an offset is walked record by record: a website page far down 100,000
  // posts held the loop 100–370 ms in one statement. A deep offset is walked OFFSET_STEP records at a time instead,
  // reading only their sort values and ids and going on after the last one as a cursor would, other requests running
  // between the steps (a record added or removed meanwhile shifts the page by one, as it would between two loads).
  // PostgreSQL answers off the event loop, so the stones up to the page are laid by one statement, which walks the sort
  // index once and numbers the records as it goes, instead of a round trip per step. (Read in one statement with its
  // offset, a page 5,000 posts down made PostgreSQL build every skipped post's document: 27 random pages a second.)
  // Requests asking at once wait for the one walk under way, then look again: 20 visitors on random pages each
  // walked the same 50,000 posts at once (on SQLite, each its own steps of the same index entries, taking turns: the
  // first second of random pages of 100,000 posts ran at a third of the rate after it). On SQLite a request waits
  // only until the walk has laid its stone, not for the walk's end.
  const layStones = async (walk: Walk, upTo: number): Promise<void> => {
    const wanted = Math.floor(upTo / every);
    while (walk.stones.length < wanted && !walk.ended) {
      if (walk.laying) {
        // Another request's failure is its own to report: look again, and walk if still needed.
        await Promise.race([walk.laying, walk.stepped ?? walk.laying]).catch(() => undefined);
        continue;
      }
      // A few stones short: the steps from the last one lay them (at most OFFSET_STEP records, one statement), rather
      // than a walk shared with others.
      if (wanted - walk.stones.length <= OFFSET_STEP / every) return;
      const had = walk.stones.length;
      walk.laying = (dialectOf(db) === 'postgres' ? numberedWalk(walk.stones, wanted) : steppedWalk(walk, wanted)).finally(() => {
        walk.laying = undefined;
      });
      await walk.laying;
      // Fewer records than the page's start: there is nothing more to lay, for this request or any later one (a page
      // far past the end of a list too long to count exactly would otherwise number the whole list each time).
      if (walk.stones.length === had || walk.stones.length < wanted) {
        walk.ended = true;
        return;
      }
    }
  };
  // One step of a walk: the sort values and ids of the `step` records after `cursor` (from the list's first without
  // one), `walked` records down the list; the stones it passes are laid if they are the next ones missing (another
  // walk may have laid them).
  const walkStep = async (stones: ListCursor[], cursor: ListCursor | undefined, walked: number, step: number) => {
    const read = cursor ? await after(keys, cursor, step) : await keys(ALL, step, 0);
    for (let at = every - (walked % every); at <= read.length; at += every) layStone(stones, every, walked + at, read[at - 1]!);
    return read;
  };
  // SQLite: OFFSET_STEP records at a time from the last stone, other requests running between the steps, the stones
  // laid as it passes them; `walk.stepped` settles after each step.
  const steppedWalk = async (walk: Walk, wanted: number): Promise<void> => {
    const { stones } = walk;
    let passed = stones.length * every;
    let cursor = stones.at(-1);
    let stepDone = () => {};
    const nextStep = () => {
      const settle = stepDone;
      walk.stepped = new Promise<void>((resolve) => (stepDone = resolve));
      settle();
    };
    nextStep();
    try {
      while (stones.length < wanted) {
        const step = Math.min(OFFSET_STEP, wanted * every - passed);
        const read = await walkStep(stones, cursor, passed, step);
        // The list ends here: said before the requests waiting for a step wake, so that none walks again to find so.
        if (read.length < step) {
          walk.ended = true;
          return;
        }
        cursor = cursorAfter(read[step - 1]!);
        passed += step;
        nextStep();
        await nextTurn();
      }
    } finally {
      walk.stepped = undefined;
      stepDone();
    }
  };
  // Numbered from the last stone (a page further down than any before it walks on from there, not from the top
  // again), in the part of the list the stone is in: its values, or the empty ones after them. When the values run
  // out before the page, the stones among the empty ones come from a walk from the top, which lays only those.
  const numberedWalk = async (stones: ListCursor[], wanted: number): Promise<void> => {
    const from = stones.length;
    const past = from > 0 ? pastCursor(stones[from - 1]!) : undefined;
    await numberStones(stones, wanted, past ? (past.valued ?? past.empty) : ALL, from * every);
    if (past?.valued && !field.notNull && stones.length < wanted) await numberStones(stones, wanted, ALL, 0);
  };
  const numberStones = async (stones: ListCursor[], wanted: number, start: Past, passed: number): Promise<void> => {
    const numbered = matching(pastConditions(json, field, order, start.shape, start))
      // Numbered in the list's order exactly as its ORDER BY writes it (nulls last only where a field may be empty),
      // so that PostgreSQL numbers the records as it reads them off the index instead of sorting them all first.
      .select([key.as('sort_key'), 'id', sql<number>`row_number() over (order by ${key} ${sql.raw(order)}${sql.raw(field.notNull ? '' : ' nulls last')}, id ${sql.raw(idOrder)})`.as('n')])
      .orderBy(key, direction)
      .orderBy('id', idOrder)
      .limit(wanted * every - passed);
    const laid = await db
      .selectFrom(numbered.as('walked'))
      .select(['walked.sort_key', 'walked.id', 'walked.n'])
      .where(sql<SqlBool>`walked.n % ${every} = 0`)
      .orderBy('walked.n')
      .execute();
    for (const row of laid) layStone(stones, every, passed + Number(row.n), row);
  };
  // The walk starts from the furthest of its stepping stones it may (keptWalk) and lays the ones it passes.
  const stepped = async (): Promise<typeof rows> => {
    const walk = keptWalk(db, generation, ['walk', area, field.name, order, JSON.stringify(query.filters)].join('\u0000'));
    const { stones } = walk;
    await layStones(walk, query.range.start);
    const from = Math.min(Math.floor(query.range.start / every), stones.length);
    let cursor: ListCursor | undefined = from > 0 ? stones[from - 1] : undefined;
    // From the stone just before the page there is no stone to lay: the page is read past the rest at once.
    if (cursor && from === Math.floor(query.range.start / every)) {
      const read = await skippingAfter(cursor, query.range.start - from * every);
      if (read) return read;
    }
    for (let walked = from * every; walked < query.range.start; ) {
      const step = Math.min(OFFSET_STEP, query.range.start - walked);
      const read = await walkStep(stones, cursor, walked, step);
      if (read.length < step) return [];
      cursor = cursorAfter(read[step - 1]!);
      walked += step;
      await nextTurn();
    }
    return cursor ? after(page, cursor, size) : page(ALL, size, 0);
  };
  // After a cursor, one record more than the page tells whether another page follows: the count does not say where
  // the cursor stands, and a full last page gave a cursor to an empty one (a website's "Load more" that loaded
  // nothing; an outside probe).
  let more: boolean | undefined;
  if (!rows && query.after) {
    rows = await after(page, query.after, size + 1);
    more = rows.length > size;
    if (more) rows = rows.slice(0, size);
  }
  // SQLite reads a page up to OFFSET_STEP records down in one statement, skipping index entries only; PostgreSQL builds
  // the row of every record it skips (a page 500 posts down: 4.2 ms), so from its first stone on it reads past stones.
  else if (!rows && query.range.start > (dialectOf(db) === 'postgres' ? every : OFFSET_STEP)) rows = await stepped();
  rows ??= await page(ALL, size, query.range.start);
  // Read against a generation not read first, and the last statement did not tell it: it is read now (after every
  // statement of the page, so the same one means that none of them saw a change).
  if (expected !== undefined && !seenExpected) {
    const now = await areaGeneration(db, area);
    if (now !== expected) throw new MovedOn(now);
  }
  // A full page has a next one unless the count says this page ends the list.
  const ended = !query.after && counted <= LIST_COUNT_CAP && query.range.start + rows.length >= counted;
  const last = rows.length === size && !ended && more !== false ? rows[rows.length - 1] : undefined;
  return {
    records: rows.map(toStored),
    total: Math.min(counted, LIST_COUNT_CAP),
    exact: counted <= LIST_COUNT_CAP,
    next: last && encodeCursor(area, query, last.sort_key, Number(last.id)),
  };
}

/**
 * The ids of every matching record in the sort order, no page limit (CSV export): ids only, read off the indexes, so
 * the records themselves can be read a batch at a time (recordsByIds) while other requests go on.
 */
export async function listAllIds(db: Db, area: string, filters: readonly ListFilter[], sort: ListQuery['sort']): Promise<number[]> {
  const json = jsonAccess(dialectOf(db));
  const rows = await filtered(db, area, filters)
    .select('id')
    .orderBy(sortKey(json, sort.field), (ob) => (sort.order === 'ASC' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('id', sort.order === 'ASC' ? 'asc' : 'desc')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The area's records with these ids, in the order of `ids`; an id no longer there is left out. */
export async function recordsByIds(db: Db, area: string, ids: readonly number[], omit: readonly string[] = []): Promise<StoredRecord[]> {
  if (ids.length === 0) return [];
  const rows = await withRecord(db, filtered(db, area, [{ type: 'ids', ids: [...ids] }]), omit).execute();
  return inOrderOf(ids, rows, toStored);
}

/** `lock`: hold the row until the transaction ends (PostgreSQL; SQLite transactions already run one at a time). */
export async function findRecord(db: Db, area: string, id: number, options: { lock?: boolean } = {}): Promise<StoredRecord | undefined> {
  // No record has a larger id, and PostgreSQL refuses to compare its integer column with one (a reference in a body).
  if (id > MAX_RECORD_ID) return undefined;
  const { rows } = await (options.lock ? selectRecordLocked : selectRecord)(db, { id }, area);
  return rows[0] && toStored(rows[0]);
}

// Statements every read and write of a record runs, built once per area (server/db/prepared.ts), with and without
// the row lock (PostgreSQL; SQLite transactions already run one at a time).
const lockedOnPostgres = <Q extends { forUpdate(): Q }>(db: Db, query: Q, lock: boolean): Q => (lock && dialectOf(db) === 'postgres' ? query.forUpdate() : query);
const recordById = (lock: boolean) =>
  prepared((db, { id }: { id: number }, area) => lockedOnPostgres(db, db.selectFrom('records').selectAll().where(inArea(area)).where('id', '=', id), lock));
const selectRecord = recordById(false);
const selectRecordLocked = recordById(true);

/** A singleton's one record. */
export async function findOnlyRecord(db: Db, area: string, options: { lock?: boolean } = {}): Promise<StoredRecord | undefined> {
  const { rows } = await (options.lock ? selectOnlyRecordLocked : selectOnlyRecord)(db, {}, area);
  return rows[0] && toStored(rows[0]);
}

// Every read of a singleton (the website's pages among them): built once per area.
const onlyRecord = (lock: boolean) =>
  prepared((db, _: Record<never, never>, area) => lockedOnPostgres(db, db.selectFrom('records').selectAll().where(inArea(area)).orderBy('id').limit(1), lock));
const selectOnlyRecord = onlyRecord(false);
const selectOnlyRecordLocked = onlyRecord(true);

const insertRecordRow = prepared((db, row: NewRecordRow) =>
  db
    .insertInto('records')
    .values({
      area: row.area,
      data: row.data,
      position: row.position,
      created_at: row.created_at,
      updated_at: row.updated_at,
      version: row.version,
      updated_by: row.updated_by,
    })
    .returningAll(),
);

interface NewRecordRow {
  area: string;
  data: string;
  position: number | null;
  created_at: string;
  updated_at: string;
  version: number;
  updated_by: number | null;
}

/** `version`: 1 unless told (a singleton's first save supersedes its defaults, version 1). `by`: who saves it. */
export async function insertRecord(
  db: Db,
  area: string,
  record: { data: Record<string, unknown>; position?: number | null; version?: number; by?: number | null; index: RecordIndexEntry },
  now = new Date(),
): Promise<StoredRecord> {
  const timestamp = now.toISOString();
  // The document's text, stored and read for the uploads it names: written out once.
  const json = JSON.stringify(record.data);
  const { rows } = await insertRecordRow(db, {
    area,
    data: json,
    position: record.position ?? null,
    created_at: timestamp,
    updated_at: timestamp,
    version: record.version ?? 1,
    updated_by: record.by ?? null,
  });
  const row = rows[0];
  if (!row) throw new Error(`The new record of ${area} was not returned by the database`);
  await syncRecordReferences(db, Number(row.id), json, { created: true });
  await writeRecordIndex(db, area, Number(row.id), record.index, { created: true });
  return toStored(row);
}

const updateRecordRow = prepared(
  (db, row: { data: string; updatedAt: string; version: number; nextVersion: number; updatedBy: number | null; id: number }, area) =>
    db
      .updateTable('records')
      .set({ data: row.data, updated_at: row.updatedAt, version: row.nextVersion, updated_by: row.updatedBy })
      .where(inArea(area))
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .returningAll(),
);

/**
 * Replaces a record's document: `previous` (read with `lock` in this transaction) becomes a revision and the record
 * its next version, saved by `by` (issue #8). Undefined when the record is gone or is no longer at that version.
 */
export async function updateRecordData(
  db: Db,
  area: string,
  previous: StoredRecord,
  data: Record<string, unknown>,
  options: { by?: number | null; now?: Date; index: RecordIndexEntry },
): Promise<StoredRecord | undefined> {
  const { id } = previous;
  const json = JSON.stringify(data);
  const { rows } = await updateRecordRow(
    db,
    { data: json, updatedAt: (options.now ?? new Date()).toISOString(), version: previous.version, nextVersion: previous.version + 1, updatedBy: options.by ?? null, id },
    area,
  );
  const row = rows[0];
  if (!row) return undefined;
  await saveRevision(db, { kind: area, recordId: id, version: previous.version, data: previous.data, updatedBy: previous.updatedBy, updatedAt: previous.updatedAt });
  await syncRecordReferences(db, id, json);
  await writeRecordIndex(db, area, id, options.index);
  return toStored(row);
}

/**
 * Sets one field in place, leaving the rest of the document and updated_at alone (marking a submission read).
 * `reindex`: the side-table rows of the record as it now is, when that field is searched or filtered by.
 */
export async function setRecordField(
  db: Db,
  area: string,
  id: number,
  field: string,
  value: unknown,
  reindex?: (data: Record<string, unknown>) => RecordIndexEntry,
): Promise<StoredRecord | undefined> {
  const json = jsonAccess(dialectOf(db));
  const row = await db
    .updateTable('records')
    .set({ data: json.set(field, value) as unknown as string })
    .where(inArea(area))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  const stored = row && toStored(row);
  if (stored && reindex) await writeRecordIndex(db, area, id, reindex(stored.data));
  return stored;
}

export async function deleteRecord(db: Db, area: string, id: number): Promise<StoredRecord | undefined> {
  await removeRecordIndex(db, id);
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

/**
 * The ids of an area's records, in id order. `lock` (PostgreSQL) takes their rows in that order too: two reorders of
 * one area that each took its rows in their own new order deadlocked (database probe); in one order, the second
 * waits for the first and then writes its own.
 */
export async function listIds(db: Db, area: string, options: { lock?: boolean } = {}): Promise<number[]> {
  const rows = await lockedOnPostgres(db, db.selectFrom('records').select('id').where(inArea(area)).orderBy('id'), options.lock ?? false).execute();
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
/** Inside a transaction that holds the area's rows (listIds with `lock`), or one id at a time it deadlocks another. */
export async function setPositions(db: Db, area: string, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db.updateTable('records').set({ position: index + 1 }).where(inArea(area)).where('id', '=', id).execute();
  }
}

/**
 * On PostgreSQL, makes the saves that make up a slug from one base in one area wait for each other until each has
 * committed, so each finds the slugs the others took (`pg_advisory_xact_lock`, held until the transaction ends). Saves
 * of other titles do not wait. SQLite runs one write transaction at a time already.
 */
export async function holdSlugBase(db: Db, area: string, base: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`cornerstone slug ${area} ${base}`}, 0))`.execute(db);
}

/** Whether another record of the area holds this value in this field. */
export async function isValueTaken(db: Db, area: string, field: string, kind: FieldKind, value: unknown, exceptId?: number): Promise<boolean> {
  // A create or a save of a record with a unique field asks it each time: text and numbers through a statement built
  // once per field (server/db/prepared.ts); SQLite's booleans are numbers, the value given is turned into one first.
  if (typeof value === 'string' || typeof value === 'number') {
    const key = `${area}\u0000${field}\u0000${kind}`;
    const { rows } = exceptId === undefined ? await selectTaken(db, { value }, key) : await selectTakenByOther(db, { value, exceptId }, key);
    return rows.length > 0;
  }
  return (await takenQuery(db, area, field, kind, value, exceptId).executeTakeFirst()) !== undefined;
}

function takenQuery(db: Db, area: string, field: string, kind: FieldKind, value: unknown, exceptId?: number) {
  const json = jsonAccess(dialectOf(db));
  let query = db
    .selectFrom('records')
    .select('id')
    .where(inArea(area))
    .where(sql<SqlBool>`${json.value(field, kind)} = ${json.param(value, kind)}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.limit(1);
}

const takenKey = (key: string) => key.split('\u0000') as [string, string, FieldKind];
const selectTaken = prepared((db, { value }: { value: string | number }, key) => takenQuery(db, ...takenKey(key), value));
const selectTakenByOther = prepared((db, { value, exceptId }: { value: string | number; exceptId: number }, key) =>
  takenQuery(db, ...takenKey(key), value, exceptId),
);

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
