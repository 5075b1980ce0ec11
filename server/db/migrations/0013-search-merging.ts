import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';

/** Segments of one level of SQLite's full-text index that start a merge of that level (FTS5's default: 4). */
export const SEARCH_AUTOMERGE = 8;

// SQLite's full-text index (migration 0010) writes each transaction's new words as a small segment of its own, and
// merges a level's segments once `automerge` of them have piled up, a little more at each write after that. At 4,
// FTS5's default, that merging was the most of a create's time at 100,000 posts (issue #10): the statement after
// the search row's insert 291 µs instead of 22, and each commit heavier. At 8, a level merges half as often; a
// search reads at most 7 segments of a level instead of 3 (the bench's searches read no slower at 100,000 posts).
// The setting is kept in the table's own configuration, so it holds for every connection from now on. PostgreSQL's
// GIN index keeps its own pending list: nothing to do there.
export const searchMerging: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) !== 'sqlite') return;
    await sql`insert into record_search (record_search, rank) values ('automerge', ${sql.lit(SEARCH_AUTOMERGE)})`.execute(db);
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) !== 'sqlite') return;
    await sql`insert into record_search (record_search, rank) values ('automerge', 4)`.execute(db);
  },
};
