import type { Kysely, QueryResult } from 'kysely';
import type pg from 'pg';
import type { Database } from './types';

// ---- Statements PostgreSQL plans once (issue #10) ------------------------------------------------------------------
// PostgreSQL parses and plans every statement it is sent, unless it was sent under a name: then it keeps it per
// connection, and plans it again for each run's values (a custom plan) unless told to keep one plan for all (a
// generic plan). Planning a page of a list took 0.4–0.5 ms, as long as running it: the records table holds every
// area's partial indexes, and the planner tests each one's condition against the statement. PostgreSQL's own choice
// keeps custom plans for it: it estimates the generic plan dearer for the same index scan (858 against 75.5, the
// limit of unknown size counted as 10% of the rows; docs/performance.md, nineteenth pass).
//
// The statements built once (prepared.ts), when run outside a transaction, go to a pool of their own whose sessions
// keep one plan per statement (plan_cache_mode = force_generic_plan), each sent under a name given to its text. Only
// those: their values are compared by the plan with an index (ids, an area's sort key, a slug), where the plan does
// not depend on the value; statements built per request (filters, searches) stay planned for their values, on the
// other pool. Their texts are as many as the statements built once per area and field: a few hundred at most.

const pools = new WeakMap<Kysely<Database>, pg.Pool>();
const names = new Map<string, string>();

/** Sends `db`'s statements built once, outside a transaction, to `pool` (createDb). */
export function planOnce(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The pool for `db`'s statements built once, if it has one (PostgreSQL, outside a transaction). */
export function plannedPool(db: Kysely<Database>): pg.Pool | undefined {
  return db.isTransaction ? undefined : pools.get(db);
}

/** Runs a statement built once on its pool, under the name of its text, answering as Kysely does. */
export async function runPlanned<O>(pool: pg.Pool, text: string, values: readonly unknown[]): Promise<QueryResult<O>> {
  let name = names.get(text);
  if (!name) names.set(text, (name = `cornerstone_${names.size + 1}`));
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    let stale = false;
    try {
      const { command, rowCount, rows } = await client.query({ name, text, values: [...values] });
      const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return { rows: (rows ?? []) as O[], ...(changed && rowCount !== null ? { numAffectedRows: BigInt(rowCount) } : {}) };
    } catch (error) {
      // A statement kept by a connection answers with the columns it had when first sent: when a table's columns
      // change under it (a newer server's migration, during a rolling deploy), PostgreSQL refuses to run it again on
      // that connection. The connection is closed (its kept statements with it) and the statement sent on another.
      stale = isStalePlan(error);
      if (!stale || attempt === 3) throw error;
    } finally {
      client.release(stale);
    }
  }
}

const isStalePlan = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
};

/** The setting of the planned pool's sessions. */
export const PLAN_ONCE = 'set plan_cache_mode = force_generic_plan';
