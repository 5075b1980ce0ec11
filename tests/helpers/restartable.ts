import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { createDb, migrate } from '../../server/db';
import type { Database } from '../../server/db/types';

export interface RestartableDb {
  /** The SQLite file's folder (DATA_DIR), or the PostgreSQL connection string with its schema. */
  dataDir?: string;
  databaseUrl?: string;
  /** A new, migrated connection to the same data, as a restarted server would open it. */
  open: () => Promise<Kysely<Database>>;
  /** Removes the data (the file, or the schema). */
  remove: () => Promise<void>;
}

/**
 * A database that outlives its connections, for tests that stop a server and start another on the same data:
 * a SQLite file in a temporary folder, or, with TEST_DATABASE_URL, a schema of its own in that PostgreSQL database.
 */
export async function createRestartableDb(): Promise<RestartableDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-restart-'));
    const file = path.join(dataDir, 'cornerstone.db');
    return {
      dataDir,
      open: async () => {
        const db = createDb({ sqlite: file });
        await migrate(db);
        return db;
      },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `restart_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema "${schema}"`);
  const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    databaseUrl,
    open: async () => {
      const db = createDb({ postgres: { connectionString: url, options: `-c search_path=${schema}` } });
      await migrate(db);
      return db;
    },
    remove: () => admin(`drop schema if exists "${schema}" cascade`),
  };
}
