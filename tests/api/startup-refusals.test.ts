// Issue #6: an unsafe declaration change stops the real server process at start, with a message that names the
// area, the field, the records and the fix. The records are written by a server with the old declaration; then
// `tsx server/start.ts` is started with the new one on the same data directory (SQLite, as `npm start` runs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, migrate, migratorFor } from '../../server/db';
import { hashPassword } from '../../server/passwords';
import { createUser } from '../../server/repositories/users';
import { variants } from './fixtures/declarations';
import { USER, apiClient, signIn } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cornerstone-startup-'));
  const db = createDb({ sqlite: path.join(dataDir, 'cornerstone.db') });
  await migrate(db);
  await createUser(db, { name: USER.name, email: USER.email, passwordHash: await hashPassword(USER.password) });
  const config = loadConfig({ STATIC_DIR: '/nonexistent', LOGIN_RATE_LIMIT: '0' });
  const app = await buildApp({ config, db, logger: false, areas: variants.before });
  const api = apiClient(app, await signIn(app));
  for (const [name, body] of Object.entries({ a: { title: 'A', size: '12', code: 'X1' }, b: { title: 'B', size: 'large', code: 'X1' }, c: { title: 'C' } })) {
    ids[name] = (await api.post('/api/gadgets', body)).json<{ id: number }>().id;
  }
  await app.close();
  await db.destroy();
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startWith(variant: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tests/api/fixtures/start-with.ts'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CORNERSTONE_TEST_VARIANT: variant,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_SAMPLE_CONTENT: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  return { status: result.status, stderr: result.stderr };
}

describe('a server started with an unsafe declaration change', () => {
  it('refuses a new required field without a default', () => {
    const { status, stderr } = startWith('required');
    expect(status).toBe(1);
    expect(stderr).toContain('Cornerstone could not start: The area declarations changed in ways the stored records do not allow. Nothing was changed.');
    expect(stderr).toContain("- Area 'gadgets', field 'sku' (SKU) is required, but 3 existing records of 3 have no value for it.");
    expect(stderr).toContain('What to do: give it a default (.default(...)), make it optional, or give the existing records a value with the field option backfill');
  });

  it('refuses a type change the stored values do not fit', () => {
    const { status, stderr } = startWith('retyped');
    expect(status).toBe(1);
    // "12", text, is taken by the number field only read as 12: stored as text, each answer holding it refused it.
    expect(stderr).toContain(
      `- Area 'gadgets', field 'size' (Size) changed, and 2 records of 3 hold values it now refuses (ids ${ids.a}, ${ids.b}; record ${ids.a}: "12" is stored as text ("The value must be a number, not text")).`,
    );
    expect(stderr).toContain('What to do: make the declaration accept those values');
  });

  it('refuses a new unique field whose values repeat, listing the duplicates', () => {
    const { status, stderr } = startWith('unique');
    expect(status).toBe(1);
    expect(stderr).toContain(`- Area 'gadgets', field 'code' (Code) is declared unique, but 1 value is repeated: "X1" (ids ${ids.a}, ${ids.b}).`);
    expect(stderr).toContain('What to do: edit or delete the duplicates so that each value appears once');
  });
});

describe('npm run areas -- plan', () => {
  const plan = (dir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/areas-cli.ts', 'plan'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dir, LOG_LEVEL: 'warn' },
    });

  it('on a DATA_DIR without a database says so, and creates none (a mistyped path was given a new database)', () => {
    const typo = path.join(dataDir, 'typo');
    const { status, stderr } = plan(typo);
    expect(status).toBe(1);
    expect(stderr).toContain(`There is no database at ${path.join(typo, 'cornerstone.db')}: check DATA_DIR (the server creates it at its first start).`);
    expect(existsSync(typo)).toBe(false);
  });

  it('on a database older than this version names the migrations a start would run, and runs none', async () => {
    const old = mkdtempSync(path.join(tmpdir(), 'cornerstone-plan-'));
    try {
      const db = createDb({ sqlite: path.join(old, 'cornerstone.db') });
      await (await migratorFor(db)).migrateTo('0015_search_merging_in_commits');
      await db.destroy();
      const { status, stderr } = plan(old);
      expect(status, stderr).toBe(1);
      expect(stderr).toMatch(/^The database's tables are older than this version: the next start first runs migrations? 0016_/m);
      const again = createDb({ sqlite: path.join(old, 'cornerstone.db') });
      const pending = (await (await migratorFor(again)).getMigrations()).filter((migration) => migration.executedAt === undefined);
      await again.destroy();
      expect(pending.length).toBeGreaterThan(0);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });
});
