import { sql, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Kysely keeps the dialect private; the parameter placeholder it compiles to
 * (`$1` for PostgreSQL, `?` for SQLite) tells them apart, also inside a migration
 * or a transaction.
 */
export function dialectOf(db: Kysely<any>): DialectName {
  return sql`select ${1}`.compile(db).sql.includes('$1') ? 'postgres' : 'sqlite';
}
