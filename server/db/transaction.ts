import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * Runs `work` in the caller's transaction, or in a new one: a write made of several (the first start's sample
 * content, server/seed.ts) is stored whole or not at all, with each part's own steps inside it.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
