import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';

/** The documents PostgreSQL compresses with lz4 (migration 0014), when it can: a record's and a revision's. */
export const LZ4_COLUMNS = [
  ['records', 'data'],
  ['revisions', 'data'],
] as const;

// PostgreSQL compresses a row's large values once the row passes about 2 KB (TOAST), with pglz unless a column says
// otherwise, and decompresses a value whole at every read of any part of it. A blog post's document of 2.7 KB is
// stored compressed, and a page of a list decompressed each of its rows three times (the cursor's condition, the sort
// key, the list's projection), each row it skipped once more: on 100,000 posts, random pages of the console's list
// ran at 1,009-1,117/s. lz4 decompresses several times faster: 1,426-1,525/s on the same posts (issue #10;
// docs/performance.md, twenty-ninth pass). Stored without compression (a higher toast_tuple_target) read no faster
// than lz4, in tables half as large again.
// Only where PostgreSQL was built with lz4 (it is then among default_toast_compression's values; PostgreSQL 14 and
// later); elsewhere nothing changes. Values already stored keep their compression until they are written again (the
// record's next save); a value reads back the same either way. SQLite does not compress: nothing to do there.
/** Whether this PostgreSQL can compress with lz4 (built with it; 14 and later). */
export async function lz4Available(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ lz4: boolean }>`
    select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(db);
  return rows[0]?.lz4 === true;
}

export const documentCompression: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) !== 'postgres' || !(await lz4Available(db))) return;
    for (const [table, column] of LZ4_COLUMNS) await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set compression lz4`.execute(db);
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) !== 'postgres' || !(await lz4Available(db))) return;
    for (const [table, column] of LZ4_COLUMNS) await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set compression default`.execute(db);
  },
};
