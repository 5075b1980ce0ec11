import type { Kysely, Migration } from 'kysely';
import { referencedUploadIds } from '../../upload-ids';

const BATCH = 500;

// Which records name which uploads (server/repositories/upload-references.ts keeps it in step with every write), so
// a file nothing refers to any more can be deleted, and never one that a record still names.
export const uploadReferences: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('upload_references')
      // No foreign key to uploads: a record may name a file that does not exist (any more).
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('upload_references_pkey', ['upload_id', 'record_id'])
      .execute();
    await db.schema.createIndex('upload_references_record_id_idx').on('upload_references').column('record_id').execute();

    // Every existing record, a batch at a time: the store may be large and its documents too.
    let after = 0;
    for (;;) {
      const records: { id: number | string; data: unknown }[] = await db
        .selectFrom('records')
        .select(['id', 'data'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      const rows = records.flatMap((record) =>
        referencedUploadIds(record.data).map((uploadId) => ({ upload_id: uploadId, record_id: Number(record.id) })),
      );
      for (let start = 0; start < rows.length; start += BATCH) {
        await db.insertInto('upload_references').values(rows.slice(start, start + BATCH)).execute();
      }
      if (records.length < BATCH) break;
      after = Number(records.at(-1)!.id);
    }
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('upload_references').execute();
  },
};
