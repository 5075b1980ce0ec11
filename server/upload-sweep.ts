// Uploads that no record refers to are deleted once older than the grace period (UPLOAD_GRACE_HOURS): a file
// uploaded in the console is named by no record until its form is saved. A deleted record's files go at once
// (server/repositories/upload-references.ts); this catches files unlinked by an edit and uploads never saved.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { truncateWal } from './db';
import type { Database } from './db/types';
import { faultLog, storageFault } from './plugins/errors';
import { deleteUnreferencedUploads } from './repositories/upload-references';

const HOUR_MS = 60 * 60 * 1000;
export const FIRST_SWEEP_AFTER_MS = 60 * 1000;
export const SWEEP_EVERY_MS = HOUR_MS;

/** One sweep; answers the ids of the uploads deleted. */
export async function sweepUploads(db: Kysely<Database>, options: { graceHours: number; now?: Date }): Promise<string[]> {
  const now = options.now ?? new Date();
  const deleted = await deleteUnreferencedUploads(db, new Date(now.getTime() - options.graceHours * HOUR_MS));
  // Also for files deleted with their record since the last sweep: their bytes leave the SQLite log here.
  await truncateWal(db);
  return deleted;
}

export interface UploadSweep {
  /** Cancels the next sweeps and waits for one in progress. */
  stop: () => Promise<void>;
}

/** Sweeps shortly after start, then every hour; the timers never keep the process alive. */
export function scheduleUploadSweep(
  db: Kysely<Database>,
  options: { graceHours: number; log: FastifyBaseLogger; firstAfterMs?: number; everyMs?: number },
): UploadSweep {
  const { graceHours, log, firstAfterMs = FIRST_SWEEP_AFTER_MS, everyMs = SWEEP_EVERY_MS } = options;
  let running: Promise<void> | undefined;
  const run = () => {
    // A slow sweep is not started twice.
    running ??= sweepUploads(db, { graceHours })
      .then(
        (deleted) => {
          if (deleted.length > 0) log.info({ deleted: deleted.length }, 'deleted uploads that no record refers to');
        },
        (error: unknown) => {
          // The database away (an outage, a full disk): one line at warn, as each request meeting it logs; the next
          // sweep tries again. Anything else is a fault of ours, with its stack.
          const fault = storageFault(error);
          if (fault) log.warn(faultLog(fault, error), 'upload sweep skipped: database unavailable');
          else log.error({ err: error }, 'upload sweep failed');
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstAfterMs).unref();
  const every = setInterval(run, everyMs).unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
