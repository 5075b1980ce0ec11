import { Worker } from 'node:worker_threads';
import { SQLITE_DRIVER_PATH } from './sqlite-driver';

// SQLite copies the write-ahead log back into the database (a checkpoint) inside whichever commit crosses 1,000
// pages, fsyncs included: that commit held the event loop 123 ms (measured on 10,000 posts; 4.8 ms at most without
// it). The server turns that off (wal_autocheckpoint = 0) and checkpoints from a connection of its own on a worker
// thread instead, every CHECKPOINT_EVERY_MS, in PASSIVE mode: it copies what no reader still needs and never waits
// for, or blocks, the server's reads and writes.
export const CHECKPOINT_EVERY_MS = 500;
/** Past this size the log is emptied, not only copied (below). */
export const WAL_RESTART_BYTES = 32 * 1024 * 1024;

// The worker's code, evaluated (eval: true) so the compiled server needs no second file.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { statSync } = require('node:fs');
// A checkpoint that needs the server to pause waits at most this long for it (the server retries on timers meanwhile).
const db = new Database(workerData.file, { timeout: 200 });
const walSize = () => {
  try {
    return statSync(workerData.file + '-wal').size;
  } catch {
    return 0;
  }
};
const run = () => {
  try {
    // Under writes that never pause, a PASSIVE checkpoint never catches up with the log's end, and the log, restarted
    // only then, would grow without end: past the limit it is copied in full and emptied (TRUNCATE), the server's
    // statements waiting meanwhile without holding its event loop (PatientSqliteDialect).
    db.pragma(walSize() > workerData.restartBytes ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Busy now (another checkpoint, a backup): the next turn tries again. Anything else is reported.
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
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver: SQLITE_DRIVER_PATH, everyMs, restartBytes: WAL_RESTART_BYTES } });
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(error.message));
  return {
    stop: () => worker.postMessage('stop'),
  };
}
