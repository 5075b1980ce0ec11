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

/**
 * A checkpoint that fails for a reason other than a lock (a full disk, an I/O error) is tried again after twice the
 * wait, up to this. It was tried every 100 ms and each failure reported: ten lines a second on a full disk (database
 * probe).
 */
export const CHECKPOINT_RETRY_MAX_MS = 10_000;

// The worker's code, evaluated (eval: true) so the compiled server needs no second file. A failure is reported once
// per kind (its code), again only after a checkpoint worked ('recovered').
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const db = new (require(workerData.driver))(workerData.file, { timeout: 0 });
let failing;
let wait = workerData.everyMs;
let timer;
const run = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (failing !== undefined) parentPort.postMessage({ recovered: true });
    failing = undefined;
    wait = workerData.everyMs;
  } catch (error) {
    // Busy now (a backup, the upload sweep's checkpoint): the next turn tries again. Anything else is reported.
    const code = String(error && error.code);
    if (!code.startsWith('SQLITE_BUSY')) {
      if (code !== failing) parentPort.postMessage({ error: String(error && error.message) });
      failing = code;
      wait = Math.min(wait * 2, workerData.maxMs);
    }
  }
  timer = setTimeout(run, wait);
};
timer = setTimeout(run, wait);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): void;
}

export interface CheckpointEvents {
  /** Checkpoints fail (`message`); told again only after `onRecovered`. `stopped`: the worker itself failed and ended. */
  onError(message: string, stopped: boolean): void;
  /** A checkpoint worked after a failure. */
  onRecovered(): void;
}

/** Checkpoints `file`'s write-ahead log from a worker thread, telling `events` when it fails and when it works again. */
export function checkpointInBackground(file: string, events: CheckpointEvents, everyMs = CHECKPOINT_EVERY_MS, maxMs = CHECKPOINT_RETRY_MAX_MS): Checkpointer {
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver: SQLITE_DRIVER_PATH, everyMs, maxMs } });
  worker.unref();
  worker.on('message', (message: { error?: string; recovered?: boolean }) => {
    if (message.error) events.onError(message.error, false);
    if (message.recovered) events.onRecovered();
  });
  worker.on('error', (error) => events.onError(error.message, true));
  return {
    stop: () => worker.postMessage('stop'),
  };
}
