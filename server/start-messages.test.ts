import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { addressTaken, describeDatabase, newerDatabase, upgradeMessages } from './start-messages';

describe('what a start says about its database', () => {
  it('names the SQLite file or the PostgreSQL database, never the password', () => {
    expect(describeDatabase({ dataDir: 'data', databaseUrl: undefined })).toBe(`SQLite, ${path.resolve('data', 'cornerstone.db')}`);
    expect(describeDatabase({ dataDir: 'data', databaseUrl: 'postgres://app:s3cret@db.internal:5432/cornerstone' })).toBe('PostgreSQL, app@db.internal:5432/cornerstone');
  });

  it("says an older version met a newer version's database, not that it is corrupted", () => {
    const kysely = new Error('corrupted migrations: previously executed migration 0014_document_compression is missing');
    expect(newerDatabase(kysely)).toBe(
      'Cornerstone could not start: this database was upgraded by a newer version of Cornerstone (its change 0014_document_compression is unknown to this version). Nothing was changed or damaged. Start the newer version again, or restore a backup taken before the upgrade to run this one.',
    );
    expect(newerDatabase(new Error('disk I/O error'))).toBeUndefined();
  });
});

describe('what a start says while it upgrades a database', () => {
  it('names the changes, says it listens after them and that stopping is safe, then how long they took', () => {
    expect(upgradeMessages.starting(['0016_upload_dimensions', '0017_image_metadata'])).toBe(
      'Upgrading the database (0016_upload_dimensions, 0017_image_metadata): on a large database this can take minutes; the server listens once it is done. Stopping it is safe: the next start goes on.',
    );
    expect(upgradeMessages.done(21_460)).toBe('Database upgraded in 21.5 s.');
  });
});

describe('the address a start listens on', () => {
  it('is found taken before anything is created, and free once let go', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = other.address() as { port: number };
    expect(await addressTaken('127.0.0.1', port)).toMatch(/^the port is in use \(listen EADDRINUSE/);
    await new Promise<void>((resolve) => other.close(() => resolve()));
    expect(await addressTaken('127.0.0.1', port)).toBeUndefined();
    expect(await addressTaken('127.0.0.1', 0)).toBeUndefined();
  });
});
