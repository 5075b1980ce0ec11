import type { Kysely, Migration } from 'kysely';
import { idColumn } from './columns';

// How the database follows the area declarations (server/areas/evolve.ts): the declarations as they were last
// applied, and a log of every change made to records or indexes because a declaration changed.
export const areaEvolution: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('area_snapshots')
      .addColumn('area', 'text', (c) => c.primaryKey())
      // JSON: the area's kind, and per field its type, whether it is required, its reference (server/areas/snapshot.ts).
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('area_migrations')
      .addColumn('id', 'integer', idColumn(db))
      // Set for changes that must run once only (a rename): a second attempt is refused by the unique index.
      .addColumn('key', 'text', (c) => c.unique())
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('change', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('area_migrations').execute();
    await db.schema.dropTable('area_snapshots').execute();
  },
};
