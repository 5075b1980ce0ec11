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
  const dropSchema = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await admin.end();
    }
  };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema "${schema}"`);
  } finally {
    await admin.end();
  }

  // Every pooled connection starts with the test schema first on its search_path, and is named after it
  // (application_name): test files run side by side, and a test watching pg_stat_activity sees its own connections.
  const db = createDb({ postgres: { connectionString: url, options: `-c search_path=${schema} -c application_name=${schema}` } });
  const destroy = async () => {
    await db.destroy();
    await dropSchema();
  };
  try {
    await migrate(db);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { db, destroy };
}

/**
 * `db`, telling `onStatement` each statement (its operation tree as JSON) on its way to the database; a throw from
 * `onStatement` fails that statement, as a database that went away would.
 */
export function watchingStatements(db: Kysely<Database>, onStatement: (statement: string) => void): Kysely<Database> {
  return db.withPlugin({
    transformQuery: (args) => {
      onStatement(JSON.stringify(args.node));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
}
