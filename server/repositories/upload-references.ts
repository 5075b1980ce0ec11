// Which records name which uploads (migration 0005), kept in step with every write of a record in the write's own
// transaction, and the deletion of uploads that no record names. Every function takes the db or a transaction.
//
// Data is sacred: a file a record names must never be deleted. On PostgreSQL two transactions can cross: one saves
// a record naming a file while another deletes that file, each seeing the other's work as not yet there. So a
// writer takes a share lock on the uploads it starts naming, and a deleter takes an exclusive lock on the uploads
// it means to delete, then checks for references in a new statement: whichever comes second waits for the first
// and then sees its committed work (READ COMMITTED). SQLite runs one write transaction at a time and needs none.
import type { ExpressionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../db/dialect';
import { prepared } from '../db/prepared';
import { inTransaction } from '../db/transaction';
import type { Database } from '../db/types';
import { referencedUploadIds } from '../upload-ids';

type Db = Kysely<Database>;

// Rows per statement and records per step: well under SQLite's limit on bound parameters.
const BATCH = 500;

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH) yield items.slice(start, start + BATCH);
}

/** PostgreSQL: locks these uploads (those that exist) until the transaction ends, in id order so two lockers never deadlock. */
async function lockUploads(db: Db, ids: readonly string[], mode: 'share' | 'update'): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const batch of batches(ids)) {
    const query = db.selectFrom('uploads').select('id').where('id', 'in', batch).orderBy('id');
    await (mode === 'share' ? query.forShare() : query.forUpdate()).execute();
  }
}

const unreferenced = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'uploads'>) =>
  not(exists(selectFrom('upload_references').select('upload_id').whereRef('upload_references.upload_id', '=', 'uploads.id')));

async function addReferences(db: Db, rows: readonly { upload_id: string; record_id: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await lockUploads(db, [...new Set(rows.map((row) => row.upload_id))].sort(), 'share');
  for (const batch of batches(rows)) await db.insertInto('upload_references').values(batch).execute();
}

// Run by every update of a record: built once (server/db/prepared.ts).
const selectReferences = prepared((db, { recordId }: { recordId: number }) => db.selectFrom('upload_references').select('upload_id').where('record_id', '=', recordId));

/**
 * Makes the references of one record those its data (the document, or its JSON text) names (after inserting or
 * updating it). `created`: the record was inserted by this transaction, so none is looked up: it has none yet, as ids
 * are never reused (SQLite AUTOINCREMENT, a PostgreSQL identity) and a deleted record's references go with it (the
 * cascading foreign key, releaseRecordUploads). Were one left over all the same, it would only keep its file longer,
 * or make this insert fail if the new record named the same file.
 */
export async function syncRecordReferences(db: Db, recordId: number, data: unknown, options: { created?: boolean } = {}): Promise<void> {
  const wanted = new Set(referencedUploadIds(data));
  const current = new Set(
    options.created
      ? []
      : (await selectReferences(db, { recordId })).rows.map((row) => row.upload_id),
  );
  const dropped = [...current].filter((id) => !wanted.has(id));
  for (const batch of batches(dropped)) {
    await db.deleteFrom('upload_references').where('record_id', '=', recordId).where('upload_id', 'in', batch).execute();
  }
  await addReferences(
    db,
    [...wanted].filter((id) => !current.has(id)).map((uploadId) => ({ upload_id: uploadId, record_id: recordId })),
  );
}

/** The ids deleted: those of `ids` that exist and that no record names. */
async function deleteIfUnreferenced(db: Db, ids: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (const batch of batches(ids)) {
    const rows = await db.deleteFrom('uploads').where('id', 'in', batch).where(unreferenced).returning('id').execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
}

/**
 * After a record is deleted: forgets its references and deletes at once the uploads its data named that no other
 * record names. Answers the ids deleted.
 */
export async function releaseRecordUploads(db: Db, recordId: number, data: unknown): Promise<string[]> {
  // The foreign key has already done this; said again so no file's fate hangs on PRAGMA foreign_keys.
  await db.deleteFrom('upload_references').where('record_id', '=', recordId).execute();
  const named = referencedUploadIds(data);
  await lockUploads(db, named, 'update');
  return deleteIfUnreferenced(db, named);
}

/**
 * Recomputes the references of every record of `area` (or of all areas) from their data, a batch of records per
 * step: after changes written around insertRecord/updateRecordData (a field renamed in every record, say).
 */
export async function refreshUploadReferences(db: Db, area?: string): Promise<void> {
  let after = 0;
  for (;;) {
    const records = await inTransaction(db, async (trx) => {
      let query = trx.selectFrom('records').select(['id', 'data']).where('id', '>', after).orderBy('id').limit(BATCH);
      if (area !== undefined) query = query.where('area', '=', area);
      const rows = await query.execute();
      if (rows.length === 0) return rows;
      // Forgotten and named again in one transaction, so no deleter ever sees these records name nothing.
      await trx.deleteFrom('upload_references').where('record_id', 'in', rows.map((row) => Number(row.id))).execute();
      await addReferences(
        trx,
        rows.flatMap((row) => referencedUploadIds(row.data).map((uploadId) => ({ upload_id: uploadId, record_id: Number(row.id) }))),
      );
      return rows;
    });
    if (records.length < BATCH) return;
    after = Number(records.at(-1)!.id);
  }
}

/**
 * Deletes the uploads created before `createdBefore` that no record names, a batch per transaction (the sweep).
 * Answers the ids deleted.
 */
export async function deleteUnreferencedUploads(db: Db, createdBefore: Date): Promise<string[]> {
  const deleted: string[] = [];
  let after = '';
  for (;;) {
    const batch = await inTransaction(db, async (trx) => {
      let query = trx
        .selectFrom('uploads')
        .select('id')
        .where('created_at', '<', createdBefore.toISOString())
        .where('id', '>', after)
        .where(unreferenced)
        .orderBy('id')
        .limit(BATCH);
      // Locked here, checked again by the delete's own statement (see the top of this file). A file being named
      // right now is skipped rather than waited for.
      if (dialectOf(trx) === 'postgres') query = query.forUpdate().skipLocked();
      const candidates = (await query.execute()).map((row) => row.id);
      return { candidates, deleted: await deleteIfUnreferenced(trx, candidates) };
    });
    deleted.push(...batch.deleted);
    if (batch.candidates.length < BATCH) return deleted;
    after = batch.candidates.at(-1)!;
  }
}
