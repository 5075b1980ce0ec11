import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { dialectOf } from './dialect';
import { migrations } from './migrations';
import type { Database } from './types';

export type { Database } from './types';
export { dialectOf, type DialectName } from './dialect';

export type DbOptions =
  /** A SQLite file path, or ':memory:' for tests. */
  | { sqlite: string }
  | { postgres: pg.PoolConfig };

export const SQLITE_FILE_NAME = 'cornerstone.db';

export function createDb(source: Pick<Config, 'dataDir' | 'databaseUrl'> | DbOptions): Kysely<Database> {
  const options = toDbOptions(source);
  if ('postgres' in options) {
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(options.postgres) }) });
  }
  if (options.sqlite !== ':memory:') mkdirSync(path.dirname(options.sqlite), { recursive: true });
  const database = new SqliteDatabase(options.sqlite);
  // WAL lets readers proceed while a write is in progress; SQLite leaves foreign keys off by default.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Deleted content (a CV, say) is overwritten with zeros, not merely marked free (docs/deploy.md).
  database.pragma('secure_delete = ON');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function toDbOptions(source: Pick<Config, 'dataDir' | 'databaseUrl'> | DbOptions): DbOptions {
  if ('sqlite' in source || 'postgres' in source) return source;
  if (source.databaseUrl) return { postgres: { connectionString: source.databaseUrl } };
  return { sqlite: path.join(source.dataDir, SQLITE_FILE_NAME) };
}

/**
 * SQLite: copies the write-ahead log into the database and empties it. The log still holds the pages as they were
 * written (a deleted file's bytes among them) until then. Does nothing on PostgreSQL.
 */
export async function truncateWal(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/** Brings the schema up to date; throws when a migration fails. */
export async function migrate(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; pin it to
  // the schema our tables land in, or another schema's kysely_migration would be taken for ours.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed}" ` : ''}failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
