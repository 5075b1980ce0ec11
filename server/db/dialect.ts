import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldKind } from '../areas/fields';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Kysely keeps the dialect private; the parameter placeholder it compiles to
 * (`$1` for PostgreSQL, `?` for SQLite) tells them apart, also inside a migration
 * or a transaction.
 */
export function dialectOf(db: Kysely<any>): DialectName {
  let name = dialects.get(db);
  if (!name) {
    name = sql`select ${1}`.compile(db).sql.includes('$1') ? 'postgres' : 'sqlite';
    dialects.set(db, name);
  }
  return name;
}

// Compiling a query to ask costs a few microseconds, asked several times by every write (issue #10): answered once per
// Kysely instance (the database, and each transaction, which is an instance of its own).
const dialects = new WeakMap<Kysely<any>, DialectName>();

/**
 * A LIMIT written as SQL text: `limit ${unplannedLimit(n)}`. SQLite would compile a statement with `limit ?` again at
 * every run (server/db/index.ts, UnplannedLimitCompiler, does the same for the query builder's limits); PostgreSQL
 * folds the `+ 0` away.
 */
export const unplannedLimit = (limit: number): RawBuilder<number> => sql<number>`${limit} + 0`;

// ---- JSON fields of the generic record store (server/repositories/records.ts) ----------------------------------
// The one place where the two databases differ for records: how a value is read out of the `data` document,
// searched, matched in an array and written back. Everything else is the same SQL.

// Field names are inlined (index expressions must match the query's expression literally, so they cannot be
// parameters); they come from the declarations only and must still look like this.
const SAFE_FIELD = /^[a-z_][a-z0-9_]*$/i;

function checked(field: string): string {
  if (!SAFE_FIELD.test(field)) throw new Error(`Unsafe JSON field name: ${JSON.stringify(field)}`);
  return field;
}

/** The SQL function that puts text in lower case on SQLite, for every script (registered in server/db/index.ts). */
export const UNICODE_LOWER = 'unicode_lower';

export interface JsonAccess {
  /** The database these expressions are written for. */
  readonly dialect: DialectName;
  /** The field's value, typed by its kind (numbers as numbers, booleans as booleans): filters and unique checks. */
  value(field: string, kind: FieldKind): RawBuilder<unknown>;
  /** What lists sort by and sort indexes hold: the value, with text case-folded. */
  sortKey(field: string, kind: FieldKind): RawBuilder<unknown>;
  /** The field as text (JSON text for arrays and objects). */
  text(field: string): RawBuilder<string | null>;
  /** Case-insensitive LIKE, for every script's letters; `pattern` uses `\` as its escape character. */
  like(expression: RawBuilder<unknown>, pattern: string): RawBuilder<SqlBool>;
  /** The text in lower case, every script's letters (not only A-Z, as SQLite's lower()). */
  lowerCase(expression: RawBuilder<unknown>): RawBuilder<unknown>;
  /** The array field holds `item`. */
  contains(field: string, item: unknown): RawBuilder<SqlBool>;
  /** A parameter compared with `value(field, kind)`: SQLite has no boolean type. */
  param(value: unknown, kind: FieldKind): RawBuilder<unknown>;
  /** The document with one field replaced by a JSON value. */
  set(field: string, value: unknown): RawBuilder<unknown>;
}

export function jsonAccess(dialect: DialectName): JsonAccess {
  if (dialect === 'postgres') {
    const text = (field: string) => sql<string | null>`(data ->> ${sql.lit(checked(field))})`;
    const value = (field: string, kind: FieldKind) => {
      if (kind === 'number') return sql`((data ->> ${sql.lit(checked(field))})::numeric)`;
      if (kind === 'boolean') return sql`((data ->> ${sql.lit(checked(field))})::boolean)`;
      return text(field);
    };
    return {
      dialect,
      value,
      text,
      sortKey: (field, kind) => (kind === 'string' ? sql`lower(${text(field)})` : value(field, kind)),
      like: (expression, pattern) => sql<SqlBool>`${expression} ilike ${pattern} escape '\\'`,
      lowerCase: (expression) => sql`lower(${expression})`,
      contains: (field, item) => sql<SqlBool>`((data -> ${sql.lit(checked(field))}) @> cast(${JSON.stringify([item])} as jsonb))`,
      param: (parameter) => sql`${parameter}`,
      set: (field, fieldValue) =>
        sql`jsonb_set(data, ${sql.lit(`{${checked(field)}}`)}, cast(${JSON.stringify(fieldValue)} as jsonb), true)`,
    };
  }
  const path = (field: string) => sql.lit(`$.${checked(field)}`);
  const extract = (field: string) => sql`json_extract(data, ${path(field)})`;
  return {
    dialect,
    // json_extract already answers SQL numbers for JSON numbers and 1/0 for JSON booleans.
    value: (field) => extract(field),
    text: (field) => sql<string | null>`json_extract(data, ${path(field)})`,
    sortKey: (field, kind) => (kind === 'string' ? sql`lower(${extract(field)})` : extract(field)),
    // SQLite's LIKE ignores the case of A-Z only: for a pattern with other letters, both sides in lower case first
    // (server/db/index.ts UNICODE_LOWER). Not for one of printable ASCII, which no other lower case letter matches (but
    // for the Kelvin sign and a dotted capital I): the function costs JavaScript per row, 300,000 rows of three
    // fields searched in 182 ms against 30 ms.
    like: (expression, pattern) =>
      /^[ -~]*$/.test(pattern)
        ? sql<SqlBool>`${expression} like ${pattern} escape '\\'`
        : sql<SqlBool>`${sql.raw(UNICODE_LOWER)}(${expression}) like ${pattern.toLowerCase()} escape '\\'`,
    lowerCase: (expression) => sql`${sql.raw(UNICODE_LOWER)}(${expression})`,
    contains: (field, item) =>
      sql<SqlBool>`exists (select 1 from json_each(records.data, ${path(field)}) as item where item.value = ${typeof item === 'boolean' ? Number(item) : item})`,
    param: (parameter, kind) => sql`${kind === 'boolean' && typeof parameter === 'boolean' ? Number(parameter) : parameter}`,
    set: (field, fieldValue) => sql`json_set(data, ${path(field)}, json(${JSON.stringify(fieldValue)}))`,
  };
}

/** A unique index refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
