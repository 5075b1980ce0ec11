import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AreaModel } from '../areas/model';
import { dialectOf, jsonAccess } from './dialect';

// PostgreSQL truncates identifiers at 63 bytes; a long name keeps a readable prefix and a hash.
function indexName(area: string, field: string, suffix: string): string {
  const name = `records_${area.replaceAll('-', '_')}_${field}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

// The indexes of migration 0002, which are not per area and never dropped here.
const TABLE_INDEXES = new Set(['records_area_position_idx', 'records_area_created_at_idx', 'records_area_updated_at_idx']);

export interface AreaIndex {
  name: string;
  area: string;
  /** What it serves, for the change log: "sort by title", "unique slug"… */
  purpose: string;
  /** The field whose values a unique index holds (checked for duplicates before it is created). */
  uniqueField?: string;
  create: RawBuilder<unknown>;
  /** A PostgreSQL statistics object rather than an index (created, listed and dropped as one). */
  statistics?: true;
}

/** What the database can hold beyond indexes: statistics on expressions came with PostgreSQL 14. */
export interface IndexFeatures {
  expressionStatistics: boolean;
}

export async function indexFeatures(db: Kysely<any>): Promise<IndexFeatures> {
  if (dialectOf(db) !== 'postgres') return { expressionStatistics: false };
  const { rows } = await sql<{ version: string }>`select current_setting('server_version_num') as version`.execute(db);
  return { expressionStatistics: Number(rows[0]?.version) >= 140000 };
}

/**
 * The per-area indexes the declarations call for: expression indexes on the JSON values lists sort and filter by,
 * unique indexes for declared unique fields and singletons, and an index on every reference field (what a delete
 * checks). Partial (`WHERE area = '<name>'`) so each index holds only its area's rows; queries name the area as a
 * literal so both planners can use them. The kind is in the name: a field that changes type gets a new index.
 */
export function declaredIndexes(
  db: Kysely<any>,
  areas: readonly AreaModel[],
  features: IndexFeatures = { expressionStatistics: false },
): AreaIndex[] {
  const postgres = dialectOf(db) === 'postgres';
  const json = jsonAccess(dialectOf(db));
  const indexes: AreaIndex[] = [];
  // An index's columns: after `area` on SQLite; without it on PostgreSQL, which leaves out of an index scan's conditions
  // what the partial index's own WHERE already says (area = …), so a leading `area` column bounded nothing: a page
  // after a cursor 57,000 posts down read the index from its start (726 buffers, 3.7 ms; 15 buffers, 0.5 ms without
  // it), and so did a filter on a value. The names differ (`_p…`), so that a database indexed before is indexed anew.
  const columns = (...parts: RawBuilder<unknown>[]) => sql.join(postgres ? parts : [sql`area`, ...parts]);
  const suffix = (kind: 'idx' | 'didx' | 'eq') => (postgres ? `p${kind}` : kind);
  const scalar = (kind: string) => kind === 'string' || kind === 'number' || kind === 'boolean';
  for (const area of areas) {
    const where = sql`where area = ${sql.lit(area.name)}`;
    const add = (name: string, purpose: string, create: RawBuilder<unknown>, uniqueField?: string, statistics?: true) => {
      if (!indexes.some((index) => index.name === name)) indexes.push({ name, area: area.name, purpose, create, uniqueField, statistics });
    };
    // Sorting: (area, key, id) is what the list query orders by, so a page is read off the index in order.
    const sorted = new Set<string>();
    const website = websiteValues(db, area);
    for (const field of area.sortable.values()) {
      if (field.column || !scalar(field.kind)) continue;
      sorted.add(field.name);
      // The website's lists sort by the area's default order: on SQLite its index also holds what the website tests,
      // so a deep website page walks the index alone (0.6 ms per 500 posts instead of 4.2, every document read).
      if (website && !postgres && field.name === area.defaultSort.field.name) {
        const name = indexName(area.name, field.name, `${field.kind[0]}_w${website.hash}_idx`);
        const create = sql`create index ${sql.id(name)} on records (area, (${json.sortKey(field.name, field.kind)}), id, ${website.columns}) ${where}`;
        add(name, `sort by ${field.name}, with the website's rules`, create);
        continue;
      }
      const name = indexName(area.name, field.name, `${field.kind[0]}_${suffix('idx')}`);
      add(name, `sort by ${field.name}`, sql`create index ${sql.id(name)} on records (${columns(sql`(${json.sortKey(field.name, field.kind)})`, sql`id`)}) ${where}`);
      // PostgreSQL reads an index backwards only in the opposite order with nulls on the opposite side: descending
      // with empty values last (a list's newest-first default) needs its own index. SQLite keeps nulls smallest, so
      // the one index read backwards already gives that order.
      if (postgres) {
        const descending = indexName(area.name, field.name, `${field.kind[0]}_${suffix('didx')}`);
        add(
          descending,
          `sort by ${field.name}, descending`,
          sql`create index ${sql.id(descending)} on records (${columns(sql`(${json.sortKey(field.name, field.kind)}) desc nulls last`, sql`id desc`)}) ${where}`,
        );
      }
    }
    // Equality filters and references compare the value itself (text not case-folded); booleans are too coarse.
    const compared = [
      ...[...area.filterable.values()].map((field) => ({ name: field.name, kind: field.kind, column: field.column, purpose: 'filter' })),
      ...area.references.map((reference) => ({ name: reference.field, kind: 'number' as const, column: undefined, purpose: 'reference' })),
    ];
    for (const field of compared) {
      if (field.column || (field.kind !== 'string' && field.kind !== 'number')) continue;
      if (field.kind === 'number' && sorted.has(field.name)) continue; // the sort index already holds the value
      const name = indexName(area.name, field.name, `${field.kind[0]}_${suffix('eq')}`);
      add(name, `${field.purpose} by ${field.name}`, sql`create index ${sql.id(name)} on records (${columns(sql`(${json.value(field.name, field.kind)})`)}) ${where}`);
      // PostgreSQL keeps no statistics for the expression of a partial index, so it guessed that any value matches
      // 0.5% of the area: a filter on a common value (90,000 published posts of 100,000) then read every match
      // through this index and sorted them (800 ms a page) instead of walking the sort index (6 ms). A statistics
      // object on (area, value) gives it each area's common values and how often they occur (issue #10).
      if (features.expressionStatistics) {
        const stats = indexName(area.name, field.name, `${field.kind[0]}_st`);
        const create = sql`create statistics ${sql.id(stats)} (mcv) on area, (${json.value(field.name, field.kind)}) from records`;
        add(stats, `how often each ${field.name} occurs, for the planner`, create, undefined, true);
      }
    }
    for (const field of area.unique) {
      const kind = area.fields.get(field)!.kind;
      const name = indexName(area.name, field, `${kind[0]}_key`);
      add(name, `unique ${field}`, sql`create unique index ${sql.id(name)} on records ((${json.value(field, kind)})) ${where}`, field);
    }
    if (website) {
      const name = indexName(area.name, 'website', `${website.hash}_${suffix('idx')}`);
      add(name, "the website's visibility rules", sql`create index ${sql.id(name)} on records (${columns(website.columns)}) ${where}`);
    }
    if (area.kind === 'singleton') {
      // At most one row, even when two first saves race.
      const name = indexName(area.name, 'singleton', 'key');
      add(name, 'one record only', sql`create unique index ${sql.id(name)} on records (area) ${where}`);
    }
  }
  return indexes;
}

/**
 * What the website's lists of an area test (schema/website.ts: publication, schedule, fixed values, a closing date, the
 * filters it takes), each value the way server/repositories/list-sql.ts compares it, values compared for equality
 * first; and a hash of that list, for index names (a changed website view gets new indexes). An index holding them
 * all lets SQLite count what the website shows off the index alone: 1.2 ms instead of 52 ms at 10,000 posts, where
 * every document was read (issue #10).
 */
function websiteValues(db: Kysely<any>, area: AreaModel): { columns: RawBuilder<unknown>; hash: string } | undefined {
  const view = area.declaration.website;
  if (!view || area.kind !== 'collection' || !(view.publication || view.schedule || view.until)) return undefined;
  const json = jsonAccess(dialectOf(db));
  const kindOf = (field: string) => area.fields.get(field)?.kind ?? 'string';
  const held = new Map<string, RawBuilder<unknown>>();
  const value = (field: string) => {
    const kind = kindOf(field);
    if (kind === 'string' || kind === 'number' || kind === 'boolean') held.set(`value ${field} ${kind}`, json.value(field, kind));
  };
  const text = (field: string) => held.set(`text ${field}`, json.text(field));
  for (const field of Object.keys(view.equals ?? {})) value(field);
  if (view.publication) text(view.publication.status);
  if (view.schedule) held.set(`value ${view.schedule.active} boolean`, json.value(view.schedule.active, 'boolean'));
  for (const field of Object.values(view.filters ?? {})) value(field);
  if (view.publication) text(view.publication.at);
  if (view.schedule) {
    text(view.schedule.start);
    text(view.schedule.end);
  }
  if (view.until) text(view.until);
  return {
    columns: sql.join([...held.values()].map((expression) => sql`(${expression})`)),
    hash: createHash('sha256').update([...held.keys()].join('\n')).digest('hex').slice(0, 8),
  };
}

/** The per-area indexes the database holds now (by name). */
export async function existingAreaIndexes(db: Kysely<any>): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (
          await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'records'
            union all select stxname as name from pg_statistic_ext where stxrelid = 'records'::regclass`.execute(db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'records' and sql is not null`.execute(db)).rows;
  return rows.map((row) => row.name).filter((name) => name.startsWith('records_') && !TABLE_INDEXES.has(name) && name !== 'records_pkey');
}

export async function dropAreaIndex(db: Kysely<any>, name: string): Promise<void> {
  await sql`drop index if exists ${sql.id(name)}`.execute(db);
  if (dialectOf(db) === 'postgres') await sql`drop statistics if exists ${sql.id(name)}`.execute(db);
}
