import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDb, migrate } from '../../server/db';
import type { Database } from '../../server/db/types';

export interface TestDb {
  db: Kysely<Database>;
  /** Closes the connection and, on PostgreSQL, drops the test schema. */
  destroy: () => Promise<void>;
}

/**
 * A fresh, migrated database of its own: SQLite in memory, or, when TEST_DATABASE_URL
 * is set, a uniquely named schema in that PostgreSQL database.
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = createDb({ sqlite: ':memory:' });
    await migrate(db);
    return { db, destroy: () => db.destroy() };
  }

  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema "${schema}"`);
  } finally {
    await admin.end();
  }

  // Every pooled connection starts with the test schema first on its search_path.
  const db = createDb({ postgres: { connectionString: url, options: `-c search_path=${schema}` } });
  await migrate(db);
  return {
    db,
    destroy: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema "${schema}" cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
