import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { SEARCH_AUTOMERGE } from './0013-search-merging';

/** Segments of one level of SQLite's full-text index that make it worth merging (FTS5's `usermerge`; its default: 4). */
export const SEARCH_MERGE_SEGMENTS = 8;
/**
 * Pages of the full-text index merged at most in a commit that wrote to it (FTS5's `merge` command with a positive
 * count: only a level of SEARCH_MERGE_SEGMENTS segments or more, or a merge under way). server/repositories/record-index.ts.
 */
export const SEARCH_MERGE_PAGES = 64;

// FTS5 merged the index's segments at writes by itself (`automerge`, migration 0013): whenever the pages written since
// the last step crossed 64, it merged up to 64 pages for each level the index has, inside that write's commit. On the
// bench's 100,000 posts (six levels), under 20 writers: a commit of 20-33 ms every few seconds; and the index gains two
// levels at every merge into one segment (the checkpoint worker's tidy, checkpoints.ts: FTS5 puts the merged segment
// above the highest level), up to FTS5's 64, so those steps grew with the server's age (64 x 64 pages, about half a
// second, in one commit). So FTS5 no longer merges at writes by itself (automerge 0) and every commit that wrote to the
// index merges SEARCH_MERGE_PAGES of it at most, the same work spread evenly: at most about 8 ms a commit. FTS5's own
// crisis merge (16 segments on a level) stays the backstop for writes made outside the server's commits.
// `usermerge` keeps the fanout of 0013 (8). PostgreSQL's GIN index keeps its own pending list: nothing to do there.
export const searchMergingInCommits: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) !== 'sqlite') return;
    await sql`insert into record_search (record_search, rank) values ('automerge', 0)`.execute(db);
    await sql`insert into record_search (record_search, rank) values ('usermerge', ${sql.lit(SEARCH_MERGE_SEGMENTS)})`.execute(db);
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) !== 'sqlite') return;
    await sql`insert into record_search (record_search, rank) values ('usermerge', 4)`.execute(db);
    await sql`insert into record_search (record_search, rank) values ('automerge', ${sql.lit(SEARCH_AUTOMERGE)})`.execute(db);
  },
};
