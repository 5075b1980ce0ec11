// What the side tables of migration 0010 hold for a record (issue #10), and how a search is turned into words.
// Text is folded here, once, for both databases: lower case, accents removed (é → e; ł → l, ß → ss: schema/fold.ts,
// as slugs are), and cut into words of letters and digits (anything else separates words). A search is cut the same
// way and finds the records that have, for each of its words, a word starting with it: "Résumé" and "resu" find
// "resume", "lodz" finds "Łódź", "bulk@" finds "bulk@example.com", "steel tow" finds "Steel tower" but not "Steel"
// alone. Words are not stemmed ("build" does not find "built").
import { foldLetters } from '../../schema/fold';
import type { AreaModel } from './model';
import type { FieldKind } from './fields';
import { elementText, type RecordIndexEntry } from '../repositories/record-index';

/** Search: how many words of a query count, and how much of each (longer queries are cut, not refused). */
export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_WORD_LENGTH = 100;

const MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** The words of `text`, folded, separated by single spaces. */
const FINAL_SIGMA = /ς/g;

export function foldText(text: string): string {
  // Every mark goes, those of other scripts too (й is found by и): both sides of a search are folded alike. Greek's
  // final sigma (ς, what toLowerCase makes of Σ at a word's end) is the letter σ: SQLite's index folded it so and
  // PostgreSQL's did not, so "οδοσ" found "Οδός" on one database only.
  return foldLetters(text).replace(MARKS, '').replace(FINAL_SIGMA, 'σ').replace(SEPARATORS, ' ').trim();
}

/** A word's first MAX_SEARCH_WORD_LENGTH characters, never half of an emoji or symbol. */
function wordStart(word: string): string {
  if (word.length <= MAX_SEARCH_WORD_LENGTH) return word;
  const cut = /[\uD800-\uDBFF]/.test(word.charAt(MAX_SEARCH_WORD_LENGTH - 1)) ? MAX_SEARCH_WORD_LENGTH - 1 : MAX_SEARCH_WORD_LENGTH;
  return word.slice(0, cut);
}

/** The distinct folded words of a search; every one must appear in a record for it to match. */
export function searchWords(query: string): string[] {
  const words = foldText(query)
    .split(' ')
    .filter((word) => word !== '')
    .map(wordStart);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * A record's folded text as its search row holds it: each word cut to its first MAX_SEARCH_WORD_LENGTH characters,
 * as a search's words are. A search word is the start of a word exactly when it is the start of the word so cut, so
 * nothing is found or missed for it; and PostgreSQL's full-text index drops a word of 2,047 bytes or more (a long
 * token, a run of 700 Chinese characters without punctuation), which SQLite's kept: an outside probe found such a
 * message on SQLite only. Rows written before hold such words whole: they match the same (on PostgreSQL, the longest
 * are found once the record is saved again).
 */
const LONG_WORD = new RegExp(`[^ \n]{${MAX_SEARCH_WORD_LENGTH + 1},}`, 'g');
const searchBody = (folded: string): string => folded.replace(LONG_WORD, wordStart);

const INDEXED_ELEMENTS: ReadonlySet<FieldKind> = new Set(['string', 'number', 'boolean']);

interface IndexedFields {
  search: readonly string[];
  arrays: readonly string[];
}

// Worked out once per model: every write of the area asks.
const indexedOf = new WeakMap<AreaModel, IndexedFields>();

/** The fields an area's side-table rows are built from: its `search` fields and its arrays of plain values. */
export function indexedFields(model: AreaModel): IndexedFields {
  let fields = indexedOf.get(model);
  if (!fields) {
    const arrays = [...model.fields.entries()]
      .filter(([, info]) => info.kind === 'array' && info.element !== undefined && INDEXED_ELEMENTS.has(info.element))
      .map(([name]) => name);
    fields = { search: model.search.filter((field) => !field.column).map((field) => field.name), arrays };
    indexedOf.set(model, fields);
  }
  return fields;
}

/** Whether the side-table rows hold `field`'s values (else a write of that field alone leaves them as they are). */
export const isIndexed = (model: AreaModel, field: string): boolean =>
  indexedFields(model).search.includes(field) || indexedFields(model).arrays.includes(field);

/** Changes when what the rows hold changes: the area is then rebuilt at start-up (server/areas/evolve.ts). */
export function indexSignature(model: AreaModel): string {
  // format 2: stroked Latin letters and ligatures folded (ł → l, æ → ae); format 3: Greek's final sigma folded (ς → σ);
  // format 4: list values (tags) in Unicode's composed form. Rows of an earlier format are built again.
  return JSON.stringify({ format: 4, ...indexedFields(model) });
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  return '';
}

export function indexEntry(model: AreaModel, data: Record<string, unknown>): RecordIndexEntry {
  const { search, arrays } = indexedFields(model);
  const body = search.map((field) => searchBody(foldText(textOf(data[field])))).filter((text) => text !== '').join('\n');
  const values: { field: string; value: string }[] = [];
  for (const field of arrays) {
    const items = data[field];
    if (!Array.isArray(items)) continue;
    const seen = new Set<string>();
    for (const item of items) {
      const value = elementText(item);
      if (value === undefined || seen.has(value)) continue;
      seen.add(value);
      values.push({ field, value });
    }
  }
  return { body: search.length > 0 ? body : null, values };
}
