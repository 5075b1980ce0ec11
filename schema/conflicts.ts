// Edit conflicts (issue #8): every record carries a version; a write names the copy it started from, and a stale
// one is merged field by field or refused with 409. One source for the API (server/edit-conflicts.ts) and the
// console (src/components/conflicts). Imports only zod (STYLE.md).
import { z } from 'zod';
import { once } from './once';

/** The field every admin record answers (and a write may send back), and the name no area may declare. */
export const VERSION_FIELD = 'version';

export const EDIT_CONFLICT_MESSAGE = 'Someone else changed this record since you opened it.';
export const INVALID_VERSION_MESSAGE = 'The version must be a positive whole number: the version of the copy you started from.';
/**
 * If-Match naming several versions (`"3", "4"`): a write starts from one copy. No example version in the message: one
 * was read as the record's current version (an outside probe, 2026-12-06).
 */
export const IF_MATCH_LIST_MESSAGE = 'If-Match takes one version, the ETag of the copy you started from, not a list.';

/** `"3"`: a record's version as an entity tag (GET one answers it, a write may send it back in If-Match). */
export const etagOf = (version: number) => `"${version}"`;

/** The 409 answer of a stale write that touched what someone else changed meanwhile. Nothing was written. */
export const editConflictSchema = once(() =>
  z.object({
    message: z.string(),
    conflicts: z.array(z.string()).describe('The fields both you and the other person changed, to different values.'),
    current: z.record(z.string(), z.unknown()).describe('The record as it is now, as GET answers it (with its version).'),
    updated_by: z
      .object({ id: z.int().positive(), name: z.string() })
      .nullable()
      .describe('Who saved the current version; null when unknown (sample content, a deleted user).'),
    updated_at: z.string().nullable().describe('When the current version was saved.'),
  }),
);

export type EditConflict = z.infer<ReturnType<typeof editConflictSchema>>;

/** The conflict in a 409 answer's body, or undefined when the body is another error. */
export function editConflictOf(body: unknown): EditConflict | undefined {
  const result = editConflictSchema().safeParse(body);
  return result.success ? result.data : undefined;
}

/**
 * A version as a client sends it: a positive whole number, or its digits as text. Undefined when none was sent,
 * 'invalid' for anything else ("abc", -1, 1.5).
 */
export function parseVersion(value: unknown): number | 'invalid' | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : 'invalid';
}

/** An If-Match header: `"3"`, `W/"3"` or `3`; `*` (any version) is no condition at all. */
export function parseIfMatch(header: string | undefined): number | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '*') return undefined;
  const tag = /^(?:W\/)?"([^"]*)"$/.exec(text);
  return parseVersion(tag ? tag[1] : text);
}

/** JSON values compared by content: object keys in any order, and a missing value equals null. */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b) || a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameValue(left[key], right[key]));
}

export interface StaleMerge {
  /** The fields of `mine` to write onto the current record: those the writer changed. */
  changes: Record<string, unknown>;
  /** The fields both sides changed, to different values. */
  conflicts: string[];
}

/**
 * The three-way rule for top-level fields: a field conflicts only if mine ≠ base, theirs ≠ base and mine ≠
 * theirs. Without a base (pruned, or a version that never existed) every field where mine ≠ theirs conflicts.
 * `mine` holds only the fields the writer sent, already normalised as they would be stored.
 */
export function mergeStale(base: Record<string, unknown> | undefined, mine: Record<string, unknown>, theirs: Record<string, unknown>): StaleMerge {
  const changes: Record<string, unknown> = {};
  const conflicts: string[] = [];
  for (const [field, value] of Object.entries(mine)) {
    if (sameValue(value, theirs[field])) continue;
    if (base === undefined) {
      conflicts.push(field);
      continue;
    }
    const mineChanged = !sameValue(value, base[field]);
    const theirsChanged = !sameValue(theirs[field], base[field]);
    if (mineChanged && theirsChanged) conflicts.push(field);
    else if (mineChanged) changes[field] = value;
  }
  return { changes, conflicts };
}
