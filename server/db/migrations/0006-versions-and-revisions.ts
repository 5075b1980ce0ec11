import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// Edit conflicts (issue #8): every record and user carries a version, bumped by each update, and who saved it. The
// states an update supersedes are kept in `revisions` (the last 50 per record, server/repositories/revisions.ts):
// the base a stale write is merged against (schema/conflicts.ts).
export const versionsAndRevisions: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['records', 'users']) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // Kept when that user is deleted: the record stays, its author unknown.
      await db.schema
        .alterTable(table)
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    }

    await db.schema
      .createTable('revisions')
      .addColumn('id', 'integer', idColumn(db))
      // The area's name, or 'users'.
      .addColumn('kind', 'text', (c) => c.notNull())
      // No foreign key: it names a record or a user; the repositories delete revisions with them.
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      // JSON text of the fields as they were (a user's name, email and active only: never a password hash).
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // Null for a singleton's defaults, superseded by its first save.
      .addColumn('updated_at', 'text')
      .addUniqueConstraint('revisions_kind_record_id_version_key', ['kind', 'record_id', 'version'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('revisions').execute();
    for (const table of ['users', 'records']) {
      await db.schema.alterTable(table).dropColumn('updated_by').execute();
      await db.schema.alterTable(table).dropColumn('version').execute();
    }
  },
};
