import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AreaModel } from '../areas/model';
import { dialectOf, jsonAccess } from './dialect';

export interface IndexLog {
  warn: (message: string) => void;
}

// PostgreSQL truncates identifiers at 63 bytes; a long name keeps a readable prefix and a hash.
function indexName(area: string, field: string, suffix: string): string {
  const name = `records_${area.replaceAll('-', '_')}_${field}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/**
 * Per-area expression indexes on the JSON values lists sort and filter by, and unique indexes for declared
 * unique fields and singletons. Run after migrate, at every start: `IF NOT EXISTS` makes it idempotent, and a
 * new area or field gets its indexes without a migration. Partial (`WHERE area = '<name>'`) so each index holds
 * only its area's rows; queries name the area as a literal so both planners can use them.
 */
export async function ensureAreaIndexes(db: Kysely<any>, areas: readonly AreaModel[], log?: IndexLog): Promise<void> {
  const json = jsonAccess(dialectOf(db));
  for (const area of areas) {
    const where = sql`where area = ${sql.lit(area.name)}`;
    const scalar = (kind: string) => kind === 'string' || kind === 'number' || kind === 'boolean';
    // Sorting: (area, key, id) is what the list query orders by, so a page is read off the index in order.
    // The kind is in the name: when a field changes type, its new expression gets a new index.
    const sorted = new Set<string>();
    for (const field of area.sortable.values()) {
      if (field.column || !scalar(field.kind)) continue;
      sorted.add(field.name);
      const name = indexName(area.name, field.name, `${field.kind[0]}_idx`);
      await sql`create index if not exists ${sql.id(name)} on records (area, (${json.sortKey(field.name, field.kind)}), id) ${where}`.execute(db);
    }
    // Equality filters compare the value itself (text not case-folded); booleans are too coarse to be worth it.
    for (const field of area.filterable.values()) {
      if (field.column || (field.kind !== 'string' && field.kind !== 'number')) continue;
      if (field.kind === 'number' && sorted.has(field.name)) continue; // the sort index already holds the value
      const name = indexName(area.name, field.name, `${field.kind[0]}_eq`);
      await sql`create index if not exists ${sql.id(name)} on records (area, (${json.value(field.name, field.kind)})) ${where}`.execute(db);
    }

    for (const field of area.unique) {
      const kind = area.fields.get(field)!.kind;
      const name = indexName(area.name, field, `${kind[0]}_key`);
      const expression = json.value(field, kind);
      try {
        await sql`create unique index if not exists ${sql.id(name)} on records ((${expression})) ${where}`.execute(db);
      } catch (error) {
        // Records stored before the field was declared unique may repeat a value: keep serving (the API still
        // refuses new duplicates) and say what to fix.
        log?.warn(
          `Area '${area.name}': existing records repeat values of '${field}', so it is not enforced as unique by the database (${error instanceof Error ? error.message : String(error)}). Edit the duplicates and restart.`,
        );
        await sql`create index if not exists ${sql.id(indexName(area.name, field, `${kind[0]}_dup`))} on records ((${expression})) ${where}`.execute(db);
      }
    }

    if (area.kind === 'singleton') {
      // At most one row, even when two first saves race.
      const name = indexName(area.name, 'singleton', 'key');
      await sql`create unique index if not exists ${sql.id(name)} on records (area) ${where}`.execute(db);
    }
  }
}
