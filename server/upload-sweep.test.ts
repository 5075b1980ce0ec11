import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../tests/helpers/db';
import { createDb } from './db';
import { PNG } from '../tests/helpers/files';
import { findUploadInfo, insertUpload } from './repositories/uploads';
import { scheduleUploadSweep } from './upload-sweep';

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(async () => {
  vi.useRealTimers();
  await testDb.destroy();
});

/** An upload no record names, made two days ago. */
async function oldUpload(): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
  await insertUpload(
    testDb.db,
    { id, filename: 'photo.png', mime: 'image/png', size: PNG.length, kind: 'image', data: PNG, sha256: 'x', createdBy: null, width: 1, height: 1 },
    twoDaysAgo,
  );
  return id;
}

const gone = async (id: string) => (await findUploadInfo(testDb.db, id)) === undefined;

describe('scheduleUploadSweep', () => {
  it('sweeps shortly after start, then at every interval, and stops cleanly', async () => {
    const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const first = await oldUpload();
    // Only the timers: the database and the clock stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const sweep = scheduleUploadSweep(testDb.db, { graceHours: 24, log, firstAfterMs: 1000, everyMs: 60_000 });

    vi.advanceTimersByTime(999);
    expect(await gone(first)).toBe(false);
    vi.advanceTimersByTime(1);
    await vi.waitFor(async () => expect(await gone(first)).toBe(true));
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith({ deleted: 1 }, 'deleted uploads that no record refers to'));

    const second = await oldUpload();
    vi.advanceTimersByTime(60_000 - 1000);
    await vi.waitFor(async () => expect(await gone(second)).toBe(true));

    await sweep.stop();
    const third = await oldUpload();
    vi.advanceTimersByTime(10 * 60_000);
    expect(await gone(third)).toBe(false);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed sweep and keeps going', async () => {
    const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    // No valid cut-off date can be made from this: every sweep fails.
    const sweep = scheduleUploadSweep(testDb.db, { graceHours: Number.NaN, log, firstAfterMs: 1000, everyMs: 60_000 });
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'upload sweep failed'));
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(2));
    await sweep.stop();
  });

  // During a PostgreSQL outage each sweep logged an error with its whole stack, where every request meeting the same
  // outage logs one line at warn (an outside probe of a database stopped mid-write).
  it('says in one line at warn that it skipped a sweep while the database is away', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    // A PostgreSQL server nobody listens for: every connection is refused.
    const away = createDb({ databaseUrl: 'postgres://cornerstone@127.0.0.1:9/away', dataDir: '' });
    try {
      const sweep = scheduleUploadSweep(away, { graceHours: 24, log, firstAfterMs: 0, everyMs: 60_000 });
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1), { timeout: 5000 });
      await sweep.stop();
      expect(log.warn).toHaveBeenCalledWith(
        { reason: 'the database server does not answer (ECONNREFUSED)', error: expect.stringContaining('ECONNREFUSED'), code: 'ECONNREFUSED' },
        'upload sweep skipped: database unavailable',
      );
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      await away.destroy();
    }
  });
});
