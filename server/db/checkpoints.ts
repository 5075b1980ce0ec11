import { closeSync, openSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SQLITE_DRIVER_PATH } from './sqlite-driver';

// SQLite copies the write-ahead log back into the database (a checkpoint) inside whichever commit crosses 1,000
// pages, fsyncs included: that commit held the event loop 123 ms (measured on 10,000 posts; 4.8 ms at most without
// it). The server moves that threshold out of the way (wal_autocheckpoint = BACKSTOP_CHECKPOINT_PAGES, server/db/
// index.ts: a backstop) and checkpoints from a connection of its own on a worker thread instead, every
// CHECKPOINT_EVERY_MS, in PASSIVE mode: it copies what no reader still needs and never waits for, or blocks, the
// server's reads and writes. The log starts again from its beginning at the first write after a
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

// ---- The log started again without the server's commits checkpointing (issue #10) -------------------------------
// A PASSIVE checkpoint copies the log as far as it reaches when it begins; the log starts again from its beginning only
// at a write that finds all of it copied. Under writes that never pause, every checkpoint of the worker's ends with the
// newest commits left over, the log grows, and at BACKSTOP_CHECKPOINT_PAGES SQLite's own checkpoint ran inside the
// commit that crossed it, on the event loop: measured on the bench's 100,000 posts under 20 writers (1,200 updates/s,
// about 100 log pages a commit), a commit of 50-80 ms every half second, most of it the fsync of the database file
// (a CPU profile of the server: walCheckpoint under sqlite3WalDefaultHook, 66 of 90 samples in fsync). So once a
// checkpoint of the worker's finds the log at HOLD_LOG_PAGES or more, it asks the server to hold its writes back
// (server/db/shared-commits.ts, holdWrites): the server lets the write transactions under way commit, starts no new
// one, and says so; the worker copies what is left (what was committed during its last checkpoint) and lets the
// writes go, the first of which starts the log again. Reads go on meanwhile, and nothing waits on the event loop.
// An answer that does not come within HOLD_WAIT_MS is not waited for; the server lets writes go after
// HOLD_MAX_MS whatever happens (server/db/index.ts).
// What the hold costs is mostly the fsync of the database file that ends a checkpoint reaching the log's end: a
// checkpoint that does not (writes went on meanwhile) copies pages into the file without syncing it, so every page
// copied since the last one that did was still to be written out then (52 ms median, the writes held all along). So
// the worker syncs the database file itself after each of its checkpoints once the log passes SYNC_LOG_PAGES, writes
// going on meanwhile, and what the hold has left to sync is what its own checkpoint copies (15 ms median; updates' p99
// 37-47 ms instead of 62-70 ms, their rate unchanged: bench-ab-like runs, 100,000 posts, 20 connections).
export const HOLD_LOG_PAGES = 8_192;
export const SYNC_LOG_PAGES = 1_024;
export const HOLD_WAIT_MS = 1_000;
export const HOLD_MAX_MS = 1_000;

// ---- The full-text index tidied while writes are quiet (issue #10) -------------------------------------------------
// FTS5 (record_search, migration 0010) writes each commit's words as a small segment, and each commit that wrote to it
// merges a bounded step of the segments that piled up (migration 0015). Merges of the big levels are then paid for by
// whichever writes come along: on the bench's 100,000 posts per area, seeded in batches, the index was 17 segments
// (the largest 18,085 pages of 37,000) with a merge of eight segments under way, and replayed updates cost 400 µs of
// SQLite time each (statements and commit); on the same index merged into one segment, 250 µs (the merges of a burst
// of writes then stay among its own small segments). So the worker, once no other connection has committed for
// `quietMs`, merges the index into one segment with FTS5's `merge` command (a negative count: every segment, whatever
// its level), `stepPages` pages a step, each step its own short transaction, `pauseMs` apart so that a write arriving
// meanwhile gets the lock between two steps (its BEGIN IMMEDIATE retries SQLITE_BUSY); it stops at the first commit of
// another connection. Only when it is worth rewriting the index: the pages outside its largest segment make at least
// 1/`ratio` of that segment's, and the index holds at least `minPages` pages (a small one costs the commits' merging
// little). Steps of 32 pages took 2.3 ms (median) and 31 ms at most on that index, 2.1 s in all, secure_delete on (the
// worker's connection has it, as the server's). A tidy that writes cut short is carried on by their commits, a bounded
// step each (a merge under way comes first), and by the next quiet spell.
export interface TidyOptions {
  quietMs: number;
  stepPages: number;
  pauseMs: number;
  ratio: number;
  minPages: number;
}

/** The server's (the figures above are its). */
const TIDY_DEFAULTS: TidyOptions = {
  quietMs: 5_000,
  stepPages: 32,
  pauseMs: 5,
  ratio: 10,
  minPages: 256,
};

// The worker's code, evaluated (eval: true) so the compiled server needs no second file. A failure is reported once
// per kind (its code), again only after a checkpoint worked ('recovered'). The index's shape is read from FTS5's
// structure record (row 10 of record_search_data, laid out as fts5_index.c describes it: a 4-byte cookie, then
// varints: levels, segments, a write counter, and per level the segments of a merge under way, its segments and each
// segment's id, first and last page). A record of another layout (FTS5's second, for options the table does not use)
// is left alone: nothing is tidied.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const db = new (require(workerData.driver))(workerData.file, { timeout: 0 });
let failing;
let wait = workerData.everyMs;
let timer;
const tidy = workerData.tidy;
let tidyReady = false;
let shapeOf;
let mergeStep;
let version;
let changedAt = Date.now();
let checkedVersion;
let tidyFailing;

// The index's structure record read: the pages of each segment, largest first, and whether a merge is under way on
// some level; undefined when the record is not of the layout known here.
const readShape = (block) => {
  if (!block || block.length < 5 || block[4] === 0xff) return undefined;
  let at = 4;
  const varint = () => {
    let value = 0;
    for (let i = 0; i < 9; i += 1) {
      const byte = block[at++];
      if (byte === undefined) throw new Error('short structure record');
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) return value;
    }
    return value;
  };
  const levels = varint();
  varint();
  varint();
  const pages = [];
  let merging = false;
  for (let level = 0; level < levels; level += 1) {
    if (varint() > 0) merging = true;
    const segments = varint();
    for (let segment = 0; segment < segments; segment += 1) {
      varint();
      const first = varint();
      const last = varint();
      pages.push(last - first + 1);
    }
  }
  return { pages: pages.sort((a, b) => b - a), merging };
};

const worthTidying = (pages) => {
  if (!pages || pages.length < 2) return false;
  const total = pages.reduce((sum, n) => sum + n, 0);
  return total >= tidy.minPages && (total - pages[0]) * tidy.ratio >= pages[0];
};

let tidying = false;
let tidyTimer;
// A merge of the tidy's is under way, cut short by a write: the next quiet spell carries it on without asking again
// whether it is worth it (the commits' own merge steps may be carrying it on meanwhile).
let underWay = false;
// The index's structure record as the last step left it.
let shape;

// A failure of a step or of the checks: a write of the server's holding the lock is the next quiet spell's to wait
// for; anything else is reported once, and the index left alone until the next write.
const tidyFailed = (error) => {
  tidying = false;
  const code = String(error && error.code);
  if (code.startsWith('SQLITE_BUSY')) return;
  if (code !== tidyFailing) parentPort.postMessage({ tidyError: String(error && error.message) });
  tidyFailing = code;
  checkedVersion = version;
  underWay = false;
};

const tidyStep = () => {
  try {
    if (db.pragma('data_version', { simple: true }) !== version) {
      tidying = false;
      return;
    }
    // As the last step left it: no other connection has committed since (checked above).
    const before = shape;
    mergeStep.run();
    shape = shapeOf.get();
    const pages = readShape(shape)?.pages;
    tidyFailing = undefined;
    // Done: the step merged nothing, or one segment is left.
    if (Buffer.compare(before, shape) === 0 || !pages || pages.length < 2) {
      tidying = false;
      underWay = false;
      checkedVersion = version;
      // What the merge's buffers held goes back (the server's memory is measured, issue #10).
      db.pragma('shrink_memory');
      parentPort.postMessage({ tidied: true });
      return;
    }
    tidyTimer = setTimeout(tidyStep, tidy.pauseMs);
  } catch (error) {
    tidyFailed(error);
  }
};

const tidySearch = () => {
  if (tidying) return;
  if (!tidyReady) {
    db.pragma('secure_delete = ON');
    db.pragma('synchronous = NORMAL');
    // better-sqlite3 builds SQLite with a page cache of 16 MB per connection: kept by this one after a tidy, the server's
    // memory stayed 17 MB higher (152 -> 172 MB, 100,000 posts per area). A merge reads and writes each page once.
    db.pragma('cache_size = -256');
    version = db.pragma('data_version', { simple: true });
    tidyReady = true;
  }
  const now = Date.now();
  const current = db.pragma('data_version', { simple: true });
  if (current !== version) {
    version = current;
    changedAt = now;
    return;
  }
  if (checkedVersion === version || now - changedAt < tidy.quietMs) return;
  try {
    shapeOf ??= db.prepare('select block from record_search_data where id = 10').pluck();
    mergeStep ??= db.prepare("insert into record_search (record_search, rank) values ('merge', " + -tidy.stepPages + ')');
  } catch {
    // No full-text table (yet): looked for again after the next write.
    shapeOf = mergeStep = undefined;
    checkedVersion = version;
    return;
  }
  shape = shapeOf.get();
  // The commits' merge steps may have finished it meanwhile: then it is a new tidy, if one is worth it.
  const read = readShape(shape);
  if (underWay && !read?.merging) underWay = false;
  if (!underWay) {
    if (!worthTidying(read?.pages)) {
      checkedVersion = version;
      return;
    }
    underWay = true;
  }
  tidying = true;
  tidyStep();
};

// Asked the server to hold its writes, and not answered yet.
let holding = false;

// The server holds its writes (or did not answer in time): what the last checkpoint left is copied, and they go on.
const catchUp = () => {
  clearTimeout(timer);
  if (holding) {
    holding = false;
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // As any turn's failure: the next turn tries again, and reports it.
    }
  }
  parentPort.postMessage({ released: true });
  timer = setTimeout(run, wait);
};

// The log's length and the pages copied as the last turn's checkpoint found them, and the pages copied when the
// database file was last synced here: a log that no longer grows (writes stopped) needs neither a hold nor a sync,
// the next write starting it again anyway.
let lastLog = 0;
let syncedCopied = 0;

const run = () => {
  let checkpointed = false;
  let logPages = 0;
  let copied = 0;
  let grew = false;
  try {
    const result = db.pragma('wal_checkpoint(PASSIVE)')[0];
    logPages = Number(result?.log ?? 0);
    copied = Number(result?.checkpointed ?? 0);
    // Started again since (shorter than it was): what was copied before is of another log.
    if (logPages < lastLog) syncedCopied = 0;
    grew = logPages > lastLog;
    lastLog = logPages;
    if (failing !== undefined) parentPort.postMessage({ recovered: true });
    failing = undefined;
    wait = workerData.everyMs;
    checkpointed = true;
  } catch (error) {
    // Busy now (a backup, the upload sweep's checkpoint): the next turn tries again. Anything else is reported.
    const code = String(error && error.code);
    if (!code.startsWith('SQLITE_BUSY')) {
      if (code !== failing) parentPort.postMessage({ error: String(error && error.message) });
      failing = code;
      wait = Math.min(wait * 2, workerData.maxMs);
    }
  }
  if (checkpointed) {
    try {
      tidySearch();
    } catch (error) {
      tidyFailed(error);
    }
  }
  // Through a descriptor of the server's (workerData.dbFd): a descriptor closed here would drop the locks SQLite
  // holds on the file for the whole process.
  if (checkpointed && workerData.dbFd !== undefined && logPages >= workerData.syncPages && copied > syncedCopied) {
    syncedCopied = copied;
    try {
      require('node:fs').fdatasyncSync(workerData.dbFd);
    } catch {
      // SQLite's own sync, at the checkpoint that reaches the log's end, reports what is wrong with the disk.
    }
  }
  if (checkpointed && grew && !tidying && workerData.holdPages > 0 && logPages >= workerData.holdPages) {
    holding = true;
    parentPort.postMessage({ hold: true });
    timer = setTimeout(() => {
      holding = false;
      timer = setTimeout(run, wait);
    }, workerData.holdWaitMs);
    return;
  }
  timer = setTimeout(run, wait);
};
timer = setTimeout(run, wait);
parentPort.on('message', (message) => {
  if (message === 'held') return catchUp();
  if (message !== 'stop') return;
  clearTimeout(timer);
  clearTimeout(tidyTimer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /**
   * Ends the worker. Called just before the server's own connection to the file closes: the descriptor the worker
   * syncs through is closed once the worker has ended, and closing it while a connection is open would drop that
   * connection's locks.
   */
  stop(): void;
}

export interface CheckpointEvents {
  /** Checkpoints fail (`message`); told again only after `onRecovered`. `stopped`: the worker itself failed and ended. */
  onError(message: string, stopped: boolean): void;
  /** A checkpoint worked after a failure. */
  onRecovered(): void;
  /** Tidying the full-text index failed (`message`), for a reason other than the server's writes holding the lock. */
  onTidyError?(message: string): void;
  /** The full-text index is one segment again (or could be merged no further). */
  onTidied?(): void;
  /**
   * The log has grown past `holdPages` under writes that never paused: resolves once the server's writes are held
   * (none under way, no new one begun); the worker then copies the rest of the log and calls `onRelease`.
   */
  onHold?(): Promise<void>;
  /** The worker has copied what was left: writes may go on. */
  onRelease?(): void;
}

export interface CheckpointOptions {
  everyMs?: number;
  maxMs?: number;
  /** How the full-text index is tidied while writes are quiet. */
  tidy?: TidyOptions;
  /** Log pages from which the worker asks for writes to be held (HOLD_LOG_PAGES; 0: never). */
  holdPages?: number;
  /** How long the worker waits for the server to hold its writes. */
  holdWaitMs?: number;
  /** Log pages from which the worker syncs the database file after its checkpoints (SYNC_LOG_PAGES). */
  syncPages?: number;
}

/** Checkpoints `file`'s write-ahead log from a worker thread, telling `events` when it fails and when it works again. */
export function checkpointInBackground(file: string, events: CheckpointEvents, options: CheckpointOptions = {}): Checkpointer {
  const { everyMs = CHECKPOINT_EVERY_MS, maxMs = CHECKPOINT_RETRY_MAX_MS, tidy = TIDY_DEFAULTS, holdPages = HOLD_LOG_PAGES, holdWaitMs = HOLD_WAIT_MS, syncPages = SYNC_LOG_PAGES } = options;
  // Opened here and closed only once the worker has ended after a stop (its connection closed, the server's too: it
  // stops the worker just before closing its own): closing any descriptor of the file drops the locks SQLite holds
  // on it for the whole process. A worker that ends without a stop leaves it open (the server's connection may be).
  let dbFd: number | undefined;
  try {
    dbFd = openSync(file, 'r');
  } catch {
    dbFd = undefined;
  }
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver: SQLITE_DRIVER_PATH, everyMs, maxMs, tidy, holdPages, holdWaitMs, dbFd, syncPages } });
  worker.unref();
  let stopped = false;
  worker.once('exit', () => {
    if (stopped && dbFd !== undefined) closeSync(dbFd);
  });
  worker.on('message', (message: { error?: string; recovered?: boolean; tidyError?: string; tidied?: boolean; hold?: boolean; released?: boolean }) => {
    if (message.error) events.onError(message.error, false);
    if (message.recovered) events.onRecovered();
    if (message.tidyError) events.onTidyError?.(message.tidyError);
    if (message.tidied) events.onTidied?.();
    if (message.hold && !stopped) {
      void Promise.resolve(events.onHold?.())
        .catch(() => {})
        .then(() => {
          if (!stopped) worker.postMessage('held');
        });
    }
    if (message.released) events.onRelease?.();
  });
  worker.on('error', (error) => {
    events.onError(error.message, true);
    events.onRelease?.();
  });
  return {
    stop: () => {
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
