import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';

// Search and array filters that do not read every document (issue #10). Two side tables, written in the same
// transaction as the record they describe (server/repositories/record-index.ts):
// - record_search: one row per record, the words of its area's `search` fields, folded (lower case, no accents)
//   and split by server/areas/search-index.ts, so both databases index the same words. SQLite: an FTS5 table,
//   rowid = the record's id, with prefix indexes for 1–3 letters (search as you type). PostgreSQL: a tsvector of
//   those words (the 'simple' configuration: no stemming, no stop words) with a GIN index. Both hold the area.
// - record_values: one row per element of each array field of plain values (a post's tags), indexed by value, and
//   record_value_counts: how many records of the area hold each value.
// record_index_state remembers which fields each area's rows were built from; a declaration that changes them
// rebuilds that area's rows at start-up (server/areas/evolve.ts).
export const recordSearch: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await db.schema
        .createTable('record_search')
        .addColumn('record_id', 'integer', (c) => c.primaryKey().references('records.id').onDelete('cascade'))
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('words', sql`tsvector`, (c) => c.generatedAlwaysAs(sql`to_tsvector('simple', body)`).stored())
        .execute();
      await sql`create index record_search_words_idx on record_search using gin (words)`.execute(db);
      await db.schema.createIndex('record_search_area_idx').on('record_search').column('area').execute();
    } else {
      // The area is a column too, so a search and its count stay within one area without reading `records`; `-` is
      // part of a word so that an area's name is one word ('contact-us' is not part of 'contact-us-form'). Bodies
      // hold no `-` (search-index.ts splits words there).
      await sql`create virtual table record_search using fts5(area, body, tokenize = "unicode61 remove_diacritics 2 tokenchars '-'", prefix = '1 2 3')`.execute(db);
    }
    await db.schema
      .createTable('record_values')
      .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      // Strings as they are, numbers and booleans as their JSON text.
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_values_pkey', ['record_id', 'field', 'value'])
      .execute();
    await db.schema.createIndex('record_values_lookup_idx').on('record_values').columns(['area', 'field', 'value', 'record_id']).execute();
    // How many records of an area hold each value (tag suggestions without reading every record's tags).
    await db.schema
      .createTable('record_value_counts')
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('record_value_counts_pkey', ['area', 'field', 'value'])
      .execute();
    await db.schema
      .createTable('record_index_state')
      .addColumn('area', 'text', (c) => c.primaryKey())
      .addColumn('signature', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('record_index_state').execute();
    await db.schema.dropTable('record_value_counts').execute();
    await db.schema.dropTable('record_values').execute();
    await sql`drop table record_search`.execute(db);
  },
};
