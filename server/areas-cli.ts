// npm run areas -- <command>: look at and act on how the database follows the area declarations (issue #6).
//   plan                      what the next start would change or refuse, without changing anything
//   log                       every change made so far because a declaration changed
//   drop-field <area> <field> [--yes]   delete for good the kept values of a field that is no longer declared
//   reindex                   clean rich text and build the search and tag rows again (records written around the
//                             API: an SQL import)
import { areas } from '../schema/areas';
import { AreaChangeRefused, checkDroppable, cleanStoredRichText, dropUndeclaredField, evolveAreas, reindexAreas } from './areas/evolve';
import { USERS_AREA, buildAreaModels } from './areas/model';
import { ConfigError, loadConfig } from './config';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SQLITE_FILE_NAME, createDb, migrate, migratorFor, unhurried } from './db';
import { countWithField, listChanges } from './repositories/area-evolution';

const USAGE = `Usage: npm run areas -- plan | log | reindex | drop-field <area> <field> [--yes]`;

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !['plan', 'log', 'reindex', 'drop-field'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // No database there: a mistyped DATA_DIR would have been given a new one, and its plan shown as if it were the real
  // one (an outside probe). A start creates the database; these commands only work on one.
  if (!config.databaseUrl) {
    const file = path.resolve(config.dataDir, SQLITE_FILE_NAME);
    if (!existsSync(file)) {
      console.error(`There is no database at ${file}: check DATA_DIR (the server creates it at its first start).`);
      return 1;
    }
  }
  // A command may rewrite every record of an area: none of a request's statement timeouts (server/db/postgres-sessions.ts).
  const served = createDb(config);
  const db = unhurried(served);
  try {
    // A plan changes nothing, not even the tables: the schema migrations a start would run first are named instead.
    if (command === 'plan') {
      const pending = (await (await migratorFor(db)).getMigrations()).filter((migration) => migration.executedAt === undefined);
      if (pending.length > 0) {
        console.error(
          `The database's tables are older than this version: the next start first runs ${pending.length === 1 ? 'migration' : 'migrations'} ${pending.map((migration) => migration.name).join(', ')}. ` +
            'Start the server once (or take a copy of the database and start on that) to see the plan of the areas.',
        );
        return 1;
      }
    } else await migrate(db);
    const models = buildAreaModels(areas).filter((model) => model.name !== USERS_AREA);

    if (command === 'plan') {
      try {
        const { changes, notes } = await evolveAreas(db, models, { dryRun: true });
        if (changes.length === 0 && notes.length === 0) console.log('The database matches the declarations: nothing to change.');
        for (const change of changes) console.log(`${change.area}: ${change.change}: ${change.detail}`);
        for (const note of notes) console.log(`note: ${note}`);
        return 0;
      } catch (error) {
        if (!(error instanceof AreaChangeRefused)) throw error;
        console.error(error.message);
        return 1;
      }
    }

    if (command === 'reindex') {
      for (const [area, count] of await cleanStoredRichText(db, models)) {
        if (count > 0) console.log(`${area}: rich text of ${count} ${count === 1 ? 'record' : 'records'} cleaned`);
      }
      for (const [area, count] of await reindexAreas(db, models)) if (count > 0) console.log(`${area}: ${count} ${count === 1 ? 'record' : 'records'} indexed`);
      return 0;
    }

    if (command === 'log') {
      const changes = await listChanges(db);
      if (changes.length === 0) console.log('No changes yet.');
      for (const change of changes) console.log(`${change.applied_at}  ${change.area}: ${change.change}: ${change.detail}`);
      return 0;
    }

    const [area, field, confirm] = rest;
    if (!area || !field) {
      console.error(USAGE);
      return 2;
    }
    if (confirm !== '--yes') {
      checkDroppable(models, area, field);
      const count = await countWithField(db, area, field, true);
      console.log(`${count} records of '${area}' hold a value for '${field}'. Run again with --yes to delete those values for good (back up first: docs/deploy.md).`);
      return 0;
    }
    const dropped = await dropUndeclaredField(db, models, area, field);
    console.log(`Deleted the values of '${field}' from ${dropped} records of '${area}'.`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await served.destroy();
  }
}

process.exitCode = await run(process.argv.slice(2));
