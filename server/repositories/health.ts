import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/** Throws when the database cannot answer a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
