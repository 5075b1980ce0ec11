import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import { dialectOf } from './dialect';
import { plannedPool, runPlanned } from './planned';
import type { Database } from './types';

// ---- Statements built once (issue #10) -----------------------------------------------------------------------------
// Kysely builds a statement's tree and compiles it to SQL on every call: 5–14 µs a statement alone, and a blog
// post's update runs ten of them (Kysely was 17% of an update's time in a CPU profile of the server). The statements
// every read and write runs are built once per dialect (and per key, for a statement whose text depends on more than
// its values, such as the area it reads) and run with each call's values: updates 420 → 552/s in an A/B run.
//
// How: the statement is built with a stand-in for each value, compiled, and the stand-ins are found among the
// compiled parameters. A value must only ever be a parameter, never shape the text: no `sql.lit`, no list for `in`,
// no object whose keys become columns (name each value), and no JavaScript choosing by it (`value ? a : b` always
// sees an object): what depends on more than the value goes in the key. Caught: a stand-in the compiled statement
// does not carry as a parameter, when the statement is first compiled; a value that is undefined, a list or an
// object, when it is run. Not caught: a value used both as a parameter and to choose the text.

type Scalar = string | number | bigint | boolean | null | Buffer;
/** The values of a statement: each one a scalar. */
type Values<P> = { [K in keyof P]: Scalar };

class StandIn {
  constructor(readonly name: string) {}
}

interface Compiled {
  sql: string;
  /** Per parameter: the name of the call's value, or a value fixed by the statement itself (a constant). */
  parameters: ({ value: string } | { constant: unknown })[];
}

export interface Prepared<P extends Values<P>, O> {
  /** Runs the statement on `db` (the database or a transaction) with these values. */
  (db: Kysely<Database>, values: P, key?: string): Promise<QueryResult<O>>;
}

/**
 * A statement built once per dialect and key: `build(db, values, key)` gets stand-ins for the values (use them as
 * values only) and answers the query builder. Run it as `statement(db, values, key)`.
 */
export function prepared<P extends Values<P>, O>(
  build: (db: Kysely<Database>, values: P, key: string) => Compilable<O> | RawBuilder<O>,
): Prepared<P, O> {
  const compiled = new Map<string, Compiled>();
  const compile = (db: Kysely<Database>, key: string): Compiled => {
    const standIns: StandIn[] = [];
    const values = new Proxy({} as P, {
      get(_, name) {
        const standIn = new StandIn(String(name));
        standIns.push(standIn);
        return standIn;
      },
      // Its names are only known as they are read: a statement given the values whole (`.values(values)`) would
      // list no column at all.
      ownKeys() {
        throw new Error('A prepared statement reads its values one by one (`.values({ a: values.a })`), not as a whole');
      },
    });
    // A query builder compiles with its own database; an `sql` template is told which (the argument is ignored by the former).
    const query = (build(db, values, key) as RawBuilder<O>).compile(db);
    const parameters = query.parameters.map((parameter) => (parameter instanceof StandIn ? { value: parameter.name } : { constant: parameter }));
    for (const standIn of standIns) {
      if (!query.parameters.includes(standIn)) throw new Error(`The value "${standIn.name}" is not a parameter of: ${query.sql}`);
    }
    return { sql: query.sql, parameters };
  };
  // A statement whose build takes the key (its third parameter) must be given one: without it, it would read the
  // area named ''.
  const needsKey = build.length >= 3;
  return async (db, values, key = '') => {
    if (needsKey && key === '') throw new Error('This prepared statement is built per key (an area, a field): give it one');
    // A database with plugins (the tests' statement watchers) changes statements as they compile: built each time.
    if (db.getExecutor().plugins.length > 0) return db.executeQuery<O>((build(db, values, key) as RawBuilder<O>).compile(db));
    const cacheKey = `${dialectOf(db)}\u0000${key}`;
    let statement = compiled.get(cacheKey);
    if (!statement) {
      statement = compile(db, key);
      compiled.set(cacheKey, statement);
    }
    const parameters = statement.parameters.map((parameter) => {
      if ('constant' in parameter) return parameter.constant;
      const value: unknown = (values as Record<string, unknown>)[parameter.value];
      if (value === undefined || Array.isArray(value) || (typeof value === 'object' && value !== null && !Buffer.isBuffer(value))) {
        throw new Error(`The value "${parameter.value}" of a prepared statement must be a scalar or null, not ${Array.isArray(value) ? 'a list' : typeof value}: ${statement.sql}`);
      }
      return value;
    });
    // PostgreSQL, outside a transaction: planned once (planned.ts).
    const pool = plannedPool(db);
    if (pool) return runPlanned<O>(pool, statement.sql, parameters);
    return db.executeQuery<O>(CompiledQuery.raw(statement.sql, parameters));
  };
}
