// What a start says about its database: which one it uses, and why an older version refuses an upgraded one.
import { createServer } from 'node:net';
import path from 'node:path';
import type { Config } from './config';
import { SQLITE_FILE_NAME } from './db';

/** Which database this start uses, without its password: an operator can tell a wrong DATA_DIR or .env at once. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `SQLite, ${path.resolve(config.dataDir, SQLITE_FILE_NAME)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL, ${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * An older version started on a database a newer one upgraded: Kysely calls it 'corrupted migrations', which sent an
 * operator rolling back to their backups (an outside probe). Nothing is damaged; the newer version still runs on it.
 */
export function newerDatabase(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /previously executed migration (\S+) is missing/.exec(message);
  if (!missing) return undefined;
  return `Cornerstone could not start: this database was upgraded by a newer version of Cornerstone (its change ${missing[1]} is unknown to this version). Nothing was changed or damaged. Start the newer version again, or restore a backup taken before the upgrade to run this one.`;
}

/** Why the server could not listen at host:port, tried and let go at once; undefined when it can (or port 0). */
export function addressTaken(host: string, port: number): Promise<string | undefined> {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' ? `the port is in use (${error.message})` : error.message));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

/** What a start says before it upgrades an existing database, and once it has: it does not listen meanwhile. */
export const upgradeMessages = {
  starting: (pending: readonly string[]) =>
    `Upgrading the database (${pending.join(', ')}): on a large database this can take minutes; the server listens once it is done. Stopping it is safe: the next start goes on.`,
  done: (ms: number) => `Database upgraded in ${(ms / 1000).toFixed(1)} s.`,
};
