// The ra-data-simple-rest list parameters (`sort`, `range`, `filter`), parsed and checked against what an area
// declares. Field names that reach SQL are only ever those of the declaration; values become parameters.
import { createHash } from 'node:crypto';
import { HttpError } from '../http-error';
import type { FieldKind } from './fields';
import { MAX_RECORD_ID, MAX_SEARCH_LENGTH } from '../../schema/api';
import { normalizeDate } from '../../schema/dates';
import type { PublicationFields } from '../../schema/publish';
import { SCHEDULES, type Schedule, type ScheduleFields } from '../../schema/schedule';
import type { ListField, ListModel, SortOrder } from './model';
import { MAX_SEARCH_WORD_LENGTH, MAX_SEARCH_WORDS, searchWords } from './search-index';

export const MAX_PAGE_SIZE = 100;

export type ScalarValue = string | number | boolean;

export type ListFilter =
  | { type: 'ids'; ids: number[] }
  // `words`: folded for the record store's search table (server/areas/search-index.ts); `terms`: as typed, for
  // tables searched with LIKE (users, the audit log). Every word must match.
  | { type: 'search'; fields: readonly ListField[]; words: string[]; terms: string[] }
  | { type: 'equals'; field: ListField; value: ScalarValue | null }
  | { type: 'contains'; field: ListField; value: ScalarValue }
  | { type: 'created'; op: '>=' | '<' | '<='; value: string }
  | { type: 'schedule'; fields: ScheduleFields; value: Schedule; now: string }
  // What the public website sees (schema/publish.ts): published, and its publish time not ahead of `now`.
  | { type: 'published'; fields: PublicationFields; now: string }
  // A date not passed yet, or none (schema/publish.ts notPast).
  | { type: 'notPast'; field: string; now: string };

/** Where a page starts when it follows another (keyset pagination, issue #10): after this sort value and id. */
export interface ListCursor {
  value: string | number | boolean | null;
  id: number;
}

export interface ListQuery {
  sort: { field: ListField; order: SortOrder };
  range: { start: number; end: number };
  filters: ListFilter[];
  /** Set: the page is the records after this one (range.start is then 0), whatever was added or removed before. */
  after?: ListCursor;
}

export interface RawListParams {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
  cursor?: unknown;
}

// A cursor is the last record's sort value and id, with the sort it belongs to and a short hash of its list (area,
// sort, filters and page size), as base64url JSON. It is not a secret and not signed: a forged one only names another
// place to start from in a list the caller may read. The hash holds a cursor to its list: used with another area,
// filter or page size it would start a page at a place that list never reached (docs/website-api.md).
export type CursorList = Pick<ListQuery, 'sort' | 'range' | 'filters'>;

/** The list a cursor belongs to; a filter's `now` (the second it was asked) is left out: the next page is asked later. */
function listHash(area: string, { sort, range, filters }: CursorList): string {
  const named = filters.map((filter) => JSON.stringify(filter, (key, value: unknown) => (key === 'now' ? undefined : value))).sort();
  const list = JSON.stringify([area, sort.field.name, sort.order, range.end - range.start + 1, named]);
  let hash = listHashes.get(list);
  if (hash === undefined) {
    if (listHashes.size >= KEPT_LIST_HASHES) listHashes.clear();
    hash = createHash('sha256').update(list).digest('base64url').slice(0, 12);
    listHashes.set(list, hash);
  }
  return hash;
}
// The hashes of the lists last asked for (issue #10): a hash object per page was 17 µs of a random page's 700 µs,
// for the few lists a console and a website ask for again and again. At most KEPT_LIST_HASHES, then begun again.
const KEPT_LIST_HASHES = 256;
const listHashes = new Map<string, string>();

export function encodeCursor(area: string, list: CursorList, value: unknown, id: number): string {
  const plain = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  return Buffer.from(JSON.stringify([list.sort.field.name, list.sort.order, plain, id, listHash(area, list)])).toString('base64url');
}

const CURSOR_AGAIN = 'Ask for the first page again (without cursor) and follow the cursors it gives.';

/** The place `raw` names in this list; 400 when it is no cursor or one of another list. */
export function parseCursor(area: string, list: CursorList, raw: unknown): ListCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad(`The cursor is not one this API gave. ${CURSOR_AGAIN}`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad(`The cursor is not one this API gave. ${CURSOR_AGAIN}`);
  }
  if (!Array.isArray(value) || value.length !== 5) throw bad(`The cursor is not one this API gave. ${CURSOR_AGAIN}`);
  const [field, order, at, id, hash] = value as unknown[];
  if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > MAX_RECORD_ID) throw bad(`The cursor is not one this API gave. ${CURSOR_AGAIN}`);
  const { sort } = list;
  if (field !== sort.field.name || order !== sort.order) {
    throw bad(`The cursor belongs to the list sorted by ${String(field)} ${String(order)}, not ${sort.field.name} ${sort.order}. ${CURSOR_AGAIN}`);
  }
  if (hash !== listHash(area, list)) throw bad(`The cursor belongs to another list (another area, filter or page size). ${CURSOR_AGAIN}`);
  const start = sortValue(sort.field, at);
  if (start === undefined) throw bad(`The cursor is not one this API gave. ${CURSOR_AGAIN}`);
  return { value: start, id: id as number };
}

// The cursor's value of a list sort, of the kind the sort's values are (the hash does not cover it: its list is the
// same whatever place it names). Another kind made the database answer 500 (a boolean on SQLite, text or 2147483648
// for an integer column on PostgreSQL) or compare across kinds (a number among texts): an outside probe.
function sortValue(field: ListField, at: unknown): ListCursor['value'] | undefined {
  if (at === null) return null;
  switch (field.kind) {
    case 'string':
      return typeof at === 'string' ? at : undefined;
    case 'number':
      if (typeof at !== 'number' || !Number.isFinite(at)) return undefined;
      // Columns (id, position) are PostgreSQL integers, as large as an id at most; values in documents, any number.
      return !field.column || (Number.isSafeInteger(at) && Math.abs(at) <= MAX_RECORD_ID) ? at : undefined;
    case 'boolean':
      // SQLite answers a boolean's sort value as 1 or 0, PostgreSQL as true or false: either, as the other reads it.
      return typeof at === 'boolean' ? at : at === 1 ? true : at === 0 ? false : undefined;
    default:
      return undefined;
  }
}

const bad = (message: string) => new HttpError(400, message);

function parseJsonParam(name: string, raw: unknown, example: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw bad(`The ${name} parameter must be given once, as JSON like ${example}.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw bad(`The ${name} parameter is not valid JSON; expected something like ${example}.`);
  }
}

const list = (names: Iterable<string>) => [...names].join(', ');

export function parseSort(model: ListModel, raw: unknown): ListQuery['sort'] {
  const value = parseJsonParam('sort', raw, '["created_at","DESC"]');
  if (value === undefined) return model.defaultSort;
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw bad('The sort parameter must be a JSON array of a field and an order, like ["created_at","DESC"].');
  }
  const field = model.sortable.get(value[0]);
  if (!field) throw bad(`Cannot sort ${model.name} by '${value[0]}'. Sortable fields: ${list(model.sortable.keys())}.`);
  const order = value[1].toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw bad(`The sort order must be ASC or DESC, not '${value[1]}'.`);
  return { field, order };
}

export function parseRange(raw: unknown): ListQuery['range'] {
  const value = parseJsonParam('range', raw, '[0,24]');
  if (value === undefined) return { start: 0, end: MAX_PAGE_SIZE - 1 };
  if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw bad('The range parameter must be a JSON array of two whole numbers from 0, like [0,24].');
  }
  const [start, end] = value as [number, number];
  if (end < start) throw bad(`The range ends (${end}) before it starts (${start}).`);
  // Refused rather than clamped: a clamped page would silently show fewer rows than the console asked for.
  if (end - start + 1 > MAX_PAGE_SIZE) throw bad(`Page size is capped at ${MAX_PAGE_SIZE}.`);
  return { start, end };
}

// A filter's value must be of the field's kind, and one of its choices where it has some: a value that can never
// match (`{"status":5}` or `{"status":"bogus"}` on a post's status) is a mistake to report, not an empty list.
function scalar(name: string, kind: FieldKind | undefined, value: unknown, choices?: readonly unknown[]): ScalarValue {
  const notAChoice = () => bad(`The filter '${name}' must be one of: ${list((choices ?? []).map(String))}.`);
  // Whatever its type, a value of a text field of choices is one of them, or the choices are what to tell.
  if (choices && kind === 'string' && !choices.includes(value)) throw notAChoice();
  let checked: ScalarValue;
  if (kind === 'boolean') {
    if (value === true || value === 'true') checked = true;
    else if (value === false || value === 'false') checked = false;
    else throw bad(`The filter '${name}' must be true or false.`);
  } else if (kind === 'number') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) throw bad(`The filter '${name}' must be a number.`);
    checked = number;
  } else if (kind === 'string' || typeof value === 'string') {
    if (typeof value !== 'string') throw bad(`The filter '${name}' must be text.`);
    checked = value;
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    checked = String(value);
  } else {
    throw bad(`The filter '${name}' must be a single value.`);
  }
  if (choices && !choices.includes(checked)) throw notAChoice();
  return checked;
}

function recordId(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 && number <= MAX_RECORD_ID ? number : undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A lower (`gte`) or upper (`lte`) bound on a time, from a filter's date: the inboxes' and the audit log's rule. */
export function timeBound(name: string, value: unknown, bound: 'gte' | 'lte'): { op: '>=' | '<' | '<='; value: string } {
  // Read as date fields are (schema/dates.ts): a real calendar date, or a date and time in UTC or with an offset;
  // not whatever Date.parse makes of '0', '-1' or 'June 15' (the year 2000, 2001, 2001-06-15).
  const notADate = () => bad(`The filter '${name}' must be a date (YYYY-MM-DD) or a date and time (ISO 8601).`);
  const date = typeof value === 'string' ? normalizeDate(value) : null;
  if (date === null) throw notADate();
  const dateOnly = DATE_ONLY.test(date);
  const time = Date.parse(dateOnly ? `${date}T00:00:00.000Z` : date.endsWith('Z') ? date : `${date}Z`);
  if (Number.isNaN(time)) throw notADate();
  if (bound === 'gte') return { op: '>=', value: new Date(time).toISOString() };
  // A date alone includes its whole (UTC) day. The day after 9999-12-31 is written +010000-01-01…, which compares as
  // text before every stored date: that day ends at its last millisecond instead.
  if (dateOnly) {
    const next = new Date(time + 86_400_000).toISOString();
    return next.startsWith('+') ? { op: '<=', value: `${date}T23:59:59.999Z` } : { op: '<', value: next };
  }
  return { op: '<=', value: new Date(time).toISOString() };
}

/** `\`, `%` and `_` match themselves. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A text search (`q`) over the model's search fields; undefined for a blank one. */
export function searchFilter(model: ListModel, query: string): ListFilter | undefined {
  const words = searchWords(query);
  // A search of only what no word holds (an emoji, punctuation) finds nothing: it found every record before.
  if (words.length === 0) return query.trim() === '' ? undefined : { type: 'ids', ids: [] };
  const terms = [...new Set(query.trim().split(/\s+/u))].slice(0, MAX_SEARCH_WORDS).map((term) => term.slice(0, MAX_SEARCH_WORD_LENGTH));
  return { type: 'search', fields: model.search, words, terms };
}

export function parseFilter(model: ListModel, raw: unknown, now = new Date()): ListFilter[] {
  const value = parseJsonParam('filter', raw, '{"q":"text"}');
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad('The filter parameter must be a JSON object, like {"q":"text"}.');
  }
  const filters: ListFilter[] = [];
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    if (name === 'q') {
      if (typeof item !== 'string') throw bad("The filter 'q' must be text.");
      if (item.length > MAX_SEARCH_LENGTH) throw bad(`The filter 'q' must be at most ${MAX_SEARCH_LENGTH} characters.`);
      const search = searchFilter(model, item);
      if (!search) continue;
      if (model.search.length === 0) throw bad(`${model.name} cannot be searched.`);
      filters.push(search);
    } else if (name === 'id') {
      const items = Array.isArray(item) ? item : [item];
      if (items.length > MAX_PAGE_SIZE) throw bad(`The filter 'id' takes at most ${MAX_PAGE_SIZE} ids.`);
      const ids = items.map(recordId);
      if (ids.some((id) => id === undefined)) throw bad(`The filter 'id' must be a record id (a whole number from 1 to ${MAX_RECORD_ID}) or a list of them.`);
      filters.push({ type: 'ids', ids: ids as number[] });
    } else if (model.dateFilters && (name === 'created_at_gte' || name === 'created_at_lte')) {
      filters.push({ type: 'created', ...timeBound(name, item, name.endsWith('gte') ? 'gte' : 'lte') });
    } else if (model.schedule && name === 'schedule') {
      if (!SCHEDULES.includes(item as Schedule)) throw bad(`The filter 'schedule' must be one of: ${SCHEDULES.join(', ')}.`);
      filters.push({ type: 'schedule', fields: model.schedule, value: item as Schedule, now: now.toISOString() });
    } else {
      const field = model.filterable.get(name);
      if (!field) {
        const allowed = ['q', 'id', ...model.filterable.keys()];
        if (model.dateFilters) allowed.push('created_at_gte', 'created_at_lte');
        if (model.schedule) allowed.push('schedule');
        for (const own of model.ownFilters ?? []) allowed.push(own.name);
        throw bad(`Cannot filter ${model.name} by '${name}'. Filters: ${list(allowed)}.`);
      }
      if (field.kind === 'array') {
        filters.push({ type: 'contains', field, value: scalar(name, field.element, item, field.choices) });
      } else if (field.holdsIds && item !== null) {
        // PostgreSQL's integer column refused 2147483648 and 1.5 with a 500 (SQLite found nothing; an outside probe).
        const id = recordId(item);
        if (id === undefined) throw bad(`The filter '${name}' must be an id (a whole number from 1 to ${MAX_RECORD_ID}).`);
        filters.push({ type: 'equals', field, value: id });
      } else {
        filters.push({ type: 'equals', field, value: item === null ? null : scalar(name, field.kind, item, field.choices) });
      }
    }
  }
  return filters;
}

/**
 * The time a list is filtered by ("live", "published by now"): the start of the current second. Lists asked within one
 * second then ask the same thing, so what they count and find is kept and reused (server/repositories/records.ts
 * keeps a list's answers under its filters, `now` included); a date falls due at most a second late.
 */
export const listTime = (at: Date = new Date()): Date => new Date(Math.floor(at.getTime() / 1000) * 1000);

/** `keyset`: the list answers cursors (the record store's areas); elsewhere a cursor is refused, not ignored. */
export function parseListQuery(model: ListModel, params: RawListParams, now = listTime(), { keyset = false } = {}): ListQuery {
  const sort = parseSort(model, params.sort);
  const range = parseRange(params.range);
  const filters = parseFilter(model, params.filter, now);
  if (!keyset && params.cursor !== undefined) throw bad(`${model.name} pages by range only: it takes no cursor.`);
  const after = parseCursor(model.name, { sort, range, filters }, params.cursor);
  if (!after) return { sort, range, filters };
  return { sort, range: { start: 0, end: range.end - range.start }, filters, after };
}
