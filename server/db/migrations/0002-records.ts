import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { idColumn } from './columns';

// One generic document store for every declared area (schema/areas): a record is its area's name plus a JSON
// document. Adding an area is then a declaration, never a migration, and SQLite and PostgreSQL run the same SQL
// apart from JSON access, which server/db/dialect.ts adapts (json_extract / ->>, LIKE / ILIKE, json_each / @>).
// Sortable and unique fields get per-area expression indexes at start-up (server/db/area-indexes.ts).
export const records: Migration = {
  async up(db: Kysely<any>) {
    const json = dialectOf(db) === 'postgres' ? 'jsonb' : 'text';
    await db.schema
      .createTable('records')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('data', json, (c) => c.notNull())
      // Set only in ordered areas (drag and drop).
      .addColumn('position', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('records_area_position_idx').on('records').columns(['area', 'position']).execute();
    await db.schema.createIndex('records_area_created_at_idx').on('records').columns(['area', 'created_at']).execute();
    await db.schema.createIndex('records_area_updated_at_idx').on('records').columns(['area', 'updated_at']).execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('records').execute();
  },
};
