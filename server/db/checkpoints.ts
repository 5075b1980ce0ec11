import { Worker } from 'node:worker_threads';
import { SQLITE_DRIVER_PATH } from './sqlite-driver';

// SQLite copies the write-ahead log back into the database (a checkpoint) inside whichever commit crosses 1,000
// pages, fsyncs included: that commit held the event loop 123 ms (measured on 10,000 posts; 4.8 ms at most without
// it). The server turns that off (wal_autocheckpoint = 0) and checkpoints from a connection of its own on a worker
// thread instead, every CHECKPOINT_EVERY_MS, in PASSIVE mode: it copies what no reader still needs and never waits
// for, or blocks, the server's reads and writes. The log starts again from its beginning at the first write after a
// checkpoint that copied all of it, and is then cut back to journal_size_limit (server/db/index.ts).
// Measured under 20 writers on 10,000 posts: every 100 ms, 449 creates/s (p99 73 ms); every 500 ms, 230/s with
// p99 294 ms, since each checkpoint then had more to copy at once. A FULL, RESTART or TRUNCATE checkpoint, which
// waits for writers to pause and holds new ones meanwhile, made writes under that load fail with 503 (busy > 2 s).
export const CHECKPOINT_EVERY_MS = 100;

// The worker's code, evaluated (eval: true) so the compiled server needs no second file.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const db = new (require(workerData.driver))(workerData.file, { timeout: 0 });
const run = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Busy now (a backup, the upload sweep's checkpoint): the next turn tries again. Anything else is reported.
    if (!String(error && error.code).startsWith('SQLITE_BUSY')) parentPort.postMessage({ error: String(error && error.message) });
  }
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): void;
}

/** Checkpoints `file`'s write-ahead log from a worker thread; `onError` hears what it could not do. */
export function checkpointInBackground(file: string, onError: (message: string) => void, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver: SQLITE_DRIVER_PATH, everyMs } });
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(error.message));
  return {
    stop: () => worker.postMessage('stop'),
  };
}
