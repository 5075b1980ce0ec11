// Edit conflicts on the server (issue #8): which version a write started from, and what a stale write may apply.
// The rule itself and the 409 answer's shape are schema/conflicts.ts, shared with the console.
import type { Kysely } from 'kysely';
import {
  EDIT_CONFLICT_MESSAGE,
  IF_MATCH_LIST_MESSAGE,
  INVALID_VERSION_MESSAGE,
  VERSION_FIELD,
  mergeStale,
  parseIfMatch,
  parseVersion,
  sameValue,
  type EditConflict,
} from '../schema/conflicts';
import type { Database } from './db/types';
import { HttpError } from './http-error';
import { findRevisionData } from './repositories/revisions';
import { findUserById } from './repositories/users';

type Db = Kysely<Database>;

/** A 409 whose body is the conflict (schema/conflicts.ts editConflictSchema); the error handler sends it whole. */
export class EditConflictError extends HttpError {
  constructor(readonly conflict: Omit<EditConflict, 'message'>) {
    super(409, EDIT_CONFLICT_MESSAGE, undefined, conflict);
  }
}

/**
 * The version a write started from: its If-Match header, else the `version` in its body (ra-data-simple-rest sends
 * the whole record back). Undefined when it names none: the write is unconditional. 400 when it is not a version.
 */
export function expectedVersion(ifMatch: string | string[] | undefined, body: unknown): number | undefined {
  const header = Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch;
  if (header !== undefined && header.split(',').filter((tag) => tag.trim() !== '').length > 1) {
    throw new HttpError(400, IF_MATCH_LIST_MESSAGE, { [VERSION_FIELD]: IF_MATCH_LIST_MESSAGE });
  }
  const sent = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[VERSION_FIELD] : undefined;
  // The body's version is checked even when If-Match decides (`*` included): '1.5' or -5 is refused, not ignored
  // (an outside probe of the OpenAPI contract saw them taken under If-Match: *).
  const fromBody = parseVersion(sent);
  const version = header !== undefined ? parseIfMatch(header) : fromBody;
  if (version === 'invalid' || fromBody === 'invalid') throw new HttpError(400, INVALID_VERSION_MESSAGE, { [VERSION_FIELD]: INVALID_VERSION_MESSAGE });
  return version;
}

/** What a record is now, for merging a stale write against it and for answering a conflict. */
export interface CurrentState<R> {
  /** The area's name, or 'users' (the revisions' kind). */
  kind: string;
  id: number;
  version: number;
  data: Record<string, unknown>;
  updatedBy: number | null;
  updatedAt: string | null;
  /** The record as GET answers it (the route adds computed values), asked for only when a conflict is answered. */
  answer: () => R | Promise<R>;
}

async function conflictError<R extends Record<string, unknown>>(db: Db, current: CurrentState<R>, conflicts: string[]): Promise<EditConflictError> {
  const user = current.updatedBy === null ? undefined : await findUserById(db, current.updatedBy);
  const answer = await current.answer();
  // In the order the record's fields are answered (declared), not the stored document's: PostgreSQL keeps a JSON
  // document's keys shortest first, and a stale delete named them so (an outside probe comparing the databases).
  const place = new Map(Object.keys(answer).map((field, index) => [field, index]));
  const ordered = conflicts
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (place.get(a.field) ?? place.size + a.index) - (place.get(b.field) ?? place.size + b.index))
    .map(({ field }) => field);
  return new EditConflictError({
    conflicts: ordered,
    current: answer,
    updated_by: user ? { id: user.id, name: user.name } : null,
    updated_at: current.updatedAt,
  });
}

/** The base a stale write is merged against: the revision at `expected`, unless pruned or never a version. */
async function baseOf(db: Db, current: CurrentState<unknown>, expected: number) {
  return expected < current.version ? findRevisionData(db, current.kind, current.id, expected) : undefined;
}

/**
 * The fields a write applies. `mine`: the fields it sent, normalised as they would be stored. A write that names
 * no version or the current one applies them all; a stale one only those it changed, unless someone else changed
 * them too (409, nothing written). Call it with the row locked, in the write's transaction.
 */
export async function applicableChanges<R extends Record<string, unknown>>(
  db: Db,
  current: CurrentState<R>,
  mine: Record<string, unknown>,
  expected: number | undefined,
): Promise<Record<string, unknown>> {
  if (expected === undefined || expected === current.version) return mine;
  const { changes, conflicts } = mergeStale(await baseOf(db, current, expected), mine, current.data);
  if (conflicts.length > 0) throw await conflictError(db, current, conflicts);
  return changes;
}

/** A delete of a stale copy is refused: 409, naming the fields changed since (none when that is unknown). */
export async function checkDeleteVersion<R extends Record<string, unknown>>(db: Db, current: CurrentState<R>, expected: number | undefined): Promise<void> {
  if (expected === undefined || expected === current.version) return;
  const base = await baseOf(db, current, expected);
  const changed = base ? Object.keys(current.data).filter((field) => !sameValue(base[field], current.data[field])) : [];
  throw await conflictError(db, current, changed);
}
