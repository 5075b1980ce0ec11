import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../dialect';

// Uploaded files live in the database with the records that use them: one backup, no shared volume to manage.
export const uploads: Migration = {
  async up(db: Kysely<any>) {
    const binary = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('uploads')
      // 128 random bits (hex): the id is the URL, so it must not be guessable or enumerable.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('data', binary, (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Kept when the user is deleted: the file still belongs to the records that use it.
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('uploads').execute();
  },
};
