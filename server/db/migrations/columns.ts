import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/** An auto-incrementing integer primary key in either dialect: `.addColumn('id', 'integer', idColumn(db))`. */
export function idColumn(db: Kysely<any>) {
  const postgres = dialectOf(db) === 'postgres';
  return (column: ColumnDefinitionBuilder) =>
    postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}
