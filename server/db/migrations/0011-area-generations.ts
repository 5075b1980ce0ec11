import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';

// Counting a list without recounting it (issue #10). Every change to an area's records (a record added, removed, or
// its document or dates changed) moves that area's generation on, in the same transaction, by a trigger: so writes
// made around the API (an SQL import) move it too. A list's count and page are kept beside the generation they were
// taken at (server/repositories/records.ts) and reused while it stays; every server sharing a PostgreSQL database
// sees the same generation. A change to `updated_by` alone does not move it: no list sorts or filters by it, and a
// deleted user's records (set null in every area at once) would otherwise lock every area's row in one transaction.
// A rebuild of the search rows (record-index.ts) moves it itself: FTS5 tables take no triggers.
export const areaGenerations: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('area_generations')
      .addColumn('area', 'text', (c) => c.primaryKey())
      .addColumn('generation', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into area_generations (area, generation) select distinct area, 1 from records`.execute(db);
    if (dialectOf(db) === 'postgres') {
      await sql`create function records_move_generation() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            insert into area_generations as g (area, generation) values (old.area, 1)
              on conflict (area) do update set generation = g.generation + 1;
          end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.area is distinct from old.area) then
            insert into area_generations as g (area, generation) values (new.area, 1)
              on conflict (area) do update set generation = g.generation + 1;
          end if;
          return null;
        end
      $$`.execute(db);
      // Deferred to the commit: the area's row is locked only from then to the end of the commit, so writers of one
      // area wait for each other's commits, not for each other's whole transactions, and take that lock last.
      await sql`create constraint trigger records_generation after insert or delete or update of area, data, position, created_at, updated_at
        on records deferrable initially deferred for each row execute function records_move_generation()`.execute(db);
      return;
    }
    const move = (row: 'new' | 'old') =>
      sql.raw(`insert into area_generations (area, generation) values (${row}.area, 1)
        on conflict (area) do update set generation = generation + 1;`);
    await sql`create trigger records_generation_insert after insert on records begin ${move('new')} end`.execute(db);
    await sql`create trigger records_generation_delete after delete on records begin ${move('old')} end`.execute(db);
    await sql`create trigger records_generation_update after update of area, data, position, created_at, updated_at on records
      begin ${move('old')} ${move('new')} end`.execute(db);
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql`drop trigger records_generation on records`.execute(db);
      await sql`drop function records_move_generation()`.execute(db);
    } else {
      for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger records_generation_${name}`).execute(db);
    }
    await db.schema.dropTable('area_generations').execute();
  },
};
