import { renameSync, writeFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AreaDeclaration } from '../schema/define';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, createDb, lockDataDir, migrate, reportLostConnection, type DataDirLock } from './db';
import { addressTaken, describeDatabase, newerDatabase, upgradeMessages } from './start-messages';
import { storageFault } from './plugins/errors';
import { ensureAdmin, seedSampleContent, type AdminBootstrap } from './seed';
import { scheduleUploadSweep } from './upload-sweep';

function box(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const border = '─'.repeat(width + 2);
  return [`┌${border}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${border}┘`].join('\n');
}

function announce(admin: AdminBootstrap): void {
  if (!admin.created) return;
  if (admin.generatedPassword) {
    console.log(
      box([
        'First start: sign in with',
        `  email:    ${admin.email}`,
        `  password: ${admin.generatedPassword}`,
        '',
        'This password is shown only once. Set ADMIN_EMAIL and',
        'ADMIN_PASSWORD before the first start to choose your own.',
      ]),
    );
  } else {
    // The password came from ADMIN_PASSWORD; it is never printed.
    console.log(box(['First start: administrator account created', `  email:    ${admin.email}`]));
  }
}

/**
 * `npm run bench` (scripts/bench.mjs) proves "no request holds the event loop for more than 50 ms" (issue #10): with
 * EVENT_LOOP_REPORT=<file>, the longest and the 99th-percentile delay of the event loop (the longest gap between two
 * runs of a 10 ms timer), since listening or since the last SIGUSR2, are written to that file as
 * { maxMs, p99Ms, phases, phase } every second and at shutdown. SIGUSR2 closes a phase: `phase` then holds the
 * figures from the previous SIGUSR2 (or listening) to this one, the histogram starts again, and `phases` counts the
 * phases closed, written only once the new histogram has its first sample (reset() drops the first gap), so the bench
 * can wait for it and then send requests. Read here, not in config.ts: a measuring hook, not a setting. Returns the
 * final write.
 */
function reportEventLoopDelay(): (() => void) | undefined {
  const file = process.env.EVENT_LOOP_REPORT;
  if (!file) return undefined;
  const resolution = 10;
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const figures = () => ({ maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)) });
  let phases = 0;
  let phase: ReturnType<typeof figures> | undefined;
  const write = () => {
    // Renamed into place: a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ ...figures(), phases, ...(phase && { phase }) }));
    renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 1000).unref();
  // Two samples' wait before closing, so a hold that just ended is in the phase; two after the reset before saying so.
  const wait = (then: () => void) => setTimeout(then, 2.5 * resolution).unref();
  process.on('SIGUSR2', () =>
    wait(() => {
      phase = figures();
      histogram.reset();
      wait(() => {
        phases += 1;
        write();
      });
    }),
  );
  return write;
}

/**
 * A start that failed because PostgreSQL does not answer, in words an operator can act on: where it was looked for.
 * (It hung for ever in its migrations on a PostgreSQL that had stopped answering; database probe.)
 */
function unreachable(config: Config, error: unknown): string | undefined {
  if (!config.databaseUrl) return undefined;
  const fault = storageFault(error) ?? storageFault((error as { cause?: unknown } | null)?.cause);
  if (fault?.kind !== 'unavailable') return undefined;
  const url = new URL(config.databaseUrl);
  const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
  const detail = error instanceof Error ? ((error.cause instanceof Error && error.cause.message) || error.message) : String(error);
  return (
    `Cornerstone could not reach PostgreSQL at ${host}:${url.port || 5432}: ${fault.reason} (${detail}). ` +
    'Check that it is running and answering there, and that DATABASE_URL names it.'
  );
}

/** Starts Cornerstone as `npm start` does; `areas` replaces the declared areas (start-up tests). */
export async function startServer(options: { areas?: readonly AreaDeclaration[] } = {}): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The address first: a start on a port already taken created the first administrator and printed its only showing
  // of the password, then failed; the next start, the port freed, showed none (an outside operator's probe).
  const taken = await addressTaken(config.host, config.port);
  if (taken) {
    console.error(`Cornerstone could not listen on ${config.host}:${config.port}: ${taken}. Nothing was created or changed.`);
    process.exit(1);
  }

  // One server per SQLite data directory; on PostgreSQL several instances share the database (issue #9).
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      // Another server has it, or the directory cannot be written (a disk mounted read-only: a raw EROFS stack before).
      const message = error instanceof DataDirLockedError ? error.message : `the data directory ${path.resolve(config.dataDir)} cannot be used: ${error instanceof Error ? error.message : String(error)}`;
      console.error(`Cornerstone could not start: ${message}`);
      process.exit(1);
    }
  }

  // Writes are made durable off the event loop, before they are answered (server/db/index.ts, app.ts).
  // A connection PostgreSQL closes is reported in the server's log once there is one (server/db/index.ts).
  const server: { log?: FastifyBaseLogger } = {};
  const onConnectionLost = (error: Error) =>
    // One line, no stack: an outage closes every connection at once.
    server.log ? server.log.warn({ error: error.message }, 'lost a connection to PostgreSQL; the next request opens another') : reportLostConnection(error);
  const db = createDb(config, { settleLater: true, onConnectionLost });
  try {
    const began = Date.now();
    let upgrading = false;
    await migrate(db, {
      onUpgrade: (pending) => {
        upgrading = true;
        console.log(upgradeMessages.starting(pending));
      },
    });
    if (upgrading) console.log(upgradeMessages.done(Date.now() - began));
    announce(await ensureAdmin(db, config));
    if (config.seedSampleContent) {
      const sample = await seedSampleContent(db, options.areas ? { areas: options.areas } : {});
      if (sample.seeded) {
        console.log(`First start: added ${sample.records} sample records in ${sample.areas} areas (SEED_SAMPLE_CONTENT=false starts empty).`);
      }
    }
  } catch (error) {
    console.error(unreachable(config, error) ?? newerDatabase(error) ?? `Cornerstone could not prepare its database: ${error instanceof Error ? error.message : String(error)}`);
    await db.destroy();
    process.exit(1);
  }

  let app;
  try {
    app = await buildApp({ config, db, areas: options.areas });
  } catch (error) {
    console.error(unreachable(config, error) ?? `Cornerstone could not start: ${error instanceof Error ? error.message : String(error)}`);
    await db.destroy();
    process.exit(1);
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // The work done as it starts listening may be the database's (a first checkpoint): say so, not the address.
    const fault = storageFault(error);
    console.error(
      fault
        ? `Cornerstone could not start: ${fault.reason} (${config.databaseUrl ? 'DATABASE_URL' : path.resolve(config.dataDir)}): ${error instanceof Error ? error.message : String(error)}`
        : `Cornerstone could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
    );
    await db.destroy();
    process.exit(1);
  }
  server.log = app.log;
  const { port } = app.server.address() as AddressInfo;
  console.log(`Cornerstone is running at http://localhost:${port}`);
  console.log(`Database: ${describeDatabase(config)}`);
  const sweep = scheduleUploadSweep(db, { graceHours: config.uploadGraceHours, log: app.log });
  const eventLoop = reportEventLoopDelay();

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Do not hang forever on a stuck connection.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    eventLoop?.();
    await sweep.stop();
    await db.destroy();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

