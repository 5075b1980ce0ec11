import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// Which build of better-sqlite3 opens the embedded database, by the Node.js that runs the server (issue #9:
// Node 20 is past its end of life; Node 22 and 24 must work too). Measured on these machines:
// - better-sqlite3 12 (node::ObjectWrap) built against Node 24.19+ aborts the process with
//   "Assertion failed: (env) != nullptr" when the garbage collector finalizes a statement (Node's ObjectWrap
//   change); our API test run on Node 24.21 lost 9 test workers to it. Node 22 and 20 are not affected.
// - better-sqlite3 13 (Node-API, prebuilt binaries in the package, no install step) needs Node 22 and crashes
//   with a segmentation fault on Node 20.
// So both are installed (13 under the alias better-sqlite3-napi) and the one that runs here is loaded. Their
// JavaScript API is the same; the types are @types/better-sqlite3's.
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** The package name of the build in use: 'better-sqlite3-napi' (13) on Node 22 and later, 'better-sqlite3' (12) on 20. */
export const SQLITE_DRIVER = NODE_MAJOR >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const require = createRequire(import.meta.url);

export const SqliteDatabase = require(SQLITE_DRIVER) as typeof BetterSqlite3;
/** Where that build is, for a worker thread opening its own connection (checkpoints.ts). */
export const SQLITE_DRIVER_PATH = require.resolve(SQLITE_DRIVER);
export type SqliteDatabase = BetterSqlite3.Database;
