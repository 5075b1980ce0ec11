// SQL of the revisions table (migration 0006): the states updates superseded, the bases stale writes are merged
// against (issue #8). Every function takes the db or a transaction: a revision is written in its update's.
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database, RevisionsTable } from '../db/types';

type Db = Kysely<Database>;

/** Revisions kept per record: enough for a form left open for days among busy colleagues, bounded in size. */
export const REVISIONS_KEPT = 50;

/** The kind of a user's revisions (a record's is its area's name). */
export const USERS_KIND = 'users';

export interface Revision {
  kind: string;
  recordId: number;
  version: number;
  data: Record<string, unknown>;
  updatedBy: number | null;
  updatedAt: string | null;
}

/** Keeps a superseded state, and only the last REVISIONS_KEPT of its record. */
export async function saveRevision(db: Db, revision: Revision): Promise<void> {
  await insertRevision(db, {
    kind: revision.kind,
    record_id: revision.recordId,
    version: revision.version,
    data: JSON.stringify(revision.data),
    updated_by: revision.updatedBy ?? null,
    updated_at: revision.updatedAt ?? null,
  });
  // Versions start at 1: until a record has had more than REVISIONS_KEPT, none is old enough to go (one statement fewer
  // for nearly every update).
  const upTo = revision.version - REVISIONS_KEPT;
  if (upTo >= 1) await deleteOldRevisions(db, { kind: revision.kind, recordId: revision.recordId, upTo });
}

// Run by every update: built once (server/db/prepared.ts).
const insertRevision = prepared((db, row: Omit<RevisionsTable, 'id'>) =>
  db.insertInto('revisions').values({
    kind: row.kind,
    record_id: row.record_id,
    version: row.version,
    data: row.data,
    updated_by: row.updated_by,
    updated_at: row.updated_at,
  }),
);
const deleteOldRevisions = prepared((db, { kind, recordId, upTo }: { kind: string; recordId: number; upTo: number }) =>
  db.deleteFrom('revisions').where('kind', '=', kind).where('record_id', '=', recordId).where('version', '<=', upTo),
);

/** A record's fields as they were at `version`, if that revision is kept. */
export async function findRevisionData(db: Db, kind: string, recordId: number, version: number): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('revisions')
    .select('data')
    .where('kind', '=', kind)
    .where('record_id', '=', recordId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row && (JSON.parse(row.data) as Record<string, unknown>);
}

/** The versions kept for a record, oldest first. */
export async function listRevisionVersions(db: Db, kind: string, recordId: number): Promise<number[]> {
  const rows = await db.selectFrom('revisions').select('version').where('kind', '=', kind).where('record_id', '=', recordId).orderBy('version').execute();
  return rows.map((row) => Number(row.version));
}

export async function deleteRevisions(db: Db, kind: string, recordId: number): Promise<void> {
  await db.deleteFrom('revisions').where('kind', '=', kind).where('record_id', '=', recordId).execute();
}
