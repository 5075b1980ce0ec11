import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDatabase, newerDatabase } from './start-messages';

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
