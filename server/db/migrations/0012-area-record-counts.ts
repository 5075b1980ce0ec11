import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../dialect';

// How many records each area holds, kept beside its generation (issue #10). An unfiltered list's count was a count
// of up to 10,001 index entries (0.5 ms at 10,000 posts), taken again after every write since the write moved the
// generation on: under a steady trickle of writes it ran once per write. The triggers of migration 0011 now keep the
// number too, in the same transaction as the change, so writes made around the API (an SQL import) keep it right as
// well. (A TRUNCATE fires no row trigger: it leaves this count and the generation behind alike, as it already did.)
export const areaRecordCounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('area_generations').addColumn('records', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await sql`insert into area_generations (area, generation) select distinct area, 1 from records
      where area not in (select area from area_generations)`.execute(db);
    await sql`update area_generations set records = (select count(*) from records where records.area = area_generations.area)`.execute(db);
    if (dialectOf(db) === 'postgres') {
      // The same deferred trigger (0011) runs this function for each row at commit.
      await sql`create or replace function records_move_generation() returns trigger language plpgsql as $$
        declare
          moved boolean := tg_op = 'UPDATE' and new.area is distinct from old.area;
        begin
          if tg_op <> 'INSERT' then
            insert into area_generations as g (area, generation, records) values (old.area, 1, 0)
              on conflict (area) do update
              set generation = g.generation + 1,
                  records = g.records - case when tg_op = 'DELETE' or moved then 1 else 0 end;
          end if;
          if tg_op = 'INSERT' or moved then
            insert into area_generations as g (area, generation, records) values (new.area, 1, 1)
              on conflict (area) do update set generation = g.generation + 1, records = g.records + 1;
          end if;
          return null;
        end
      $$`.execute(db);
      return;
    }
    for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger records_generation_${name}`).execute(db);
    await sql`create trigger records_generation_insert after insert on records begin
      insert into area_generations (area, generation, records) values (new.area, 1, 1)
        on conflict (area) do update set generation = generation + 1, records = records + 1;
    end`.execute(db);
    await sql`create trigger records_generation_delete after delete on records begin
      insert into area_generations (area, generation, records) values (old.area, 1, 0)
        on conflict (area) do update set generation = generation + 1, records = records - 1;
    end`.execute(db);
    // A record moved to another area (never done by the API, possible in SQL) leaves one count for the other.
    await sql`create trigger records_generation_update after update of area, data, position, created_at, updated_at on records begin
      insert into area_generations (area, generation, records) values (old.area, 1, 0)
        on conflict (area) do update set generation = generation + 1, records = records - (new.area is not old.area);
      insert into area_generations (area, generation, records) values (new.area, 1, new.area is not old.area)
        on conflict (area) do update set generation = generation + 1, records = records + (new.area is not old.area);
    end`.execute(db);
  },

  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql`create or replace function records_move_generation() returns trigger language plpgsql as $$
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
    } else {
      for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger records_generation_${name}`).execute(db);
      const move = (row: 'new' | 'old') =>
        sql.raw(`insert into area_generations (area, generation) values (${row}.area, 1)
          on conflict (area) do update set generation = generation + 1;`);
      await sql`create trigger records_generation_insert after insert on records begin ${move('new')} end`.execute(db);
      await sql`create trigger records_generation_delete after delete on records begin ${move('old')} end`.execute(db);
      await sql`create trigger records_generation_update after update of area, data, position, created_at, updated_at on records
        begin ${move('old')} ${move('new')} end`.execute(db);
    }
    await db.schema.alterTable('area_generations').dropColumn('records').execute();
  },
};
