// A storage outage answers every request 503; each was logged at error level with its stack (7,780 lines in 20 s:
// database probe). Now one line at warn each; a genuine 500 keeps its stack. SQLite, or PostgreSQL with
// TEST_DATABASE_URL.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dialectOf } from '../../server/db';
import { apiClient, setupApp, signIn, type ApiClient, type TestApp } from './helpers';

const lines: Record<string, unknown>[] = [];
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await setupApp({}, { logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } } });
  api = apiClient(t.app, await signIn(t.app));
});
afterAll(() => t.close());

const counter = (label: string) => ({ label, value: 1 });

/** Runs `during` while the database refuses writes: read-only on SQLite, its records table locked on PostgreSQL. */
async function whileRefusing(during: () => Promise<void>) {
  if (dialectOf(t.db) === 'sqlite') {
    await sql`pragma query_only = on`.execute(t.db);
    try {
      await during();
    } finally {
      await sql`pragma query_only = off`.execute(t.db);
    }
    return;
  }
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!.schema;
  const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('lock table records in access exclusive mode');
    await during();
  } finally {
    await other.query('rollback');
    await other.end();
  }
}

it('a storage fault’s 503 is one line at warn, without a stack; health’s too', async () => {
  lines.length = 0;
  await whileRefusing(async () => {
    expect((await api.post('/api/counters', counter('Refused'))).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(dialectOf(t.db) === 'sqlite' ? 503 : 200);
  });
  const faults = lines.filter((line) => typeof line.msg === 'string' && line.msg.includes('database unavailable'));
  expect(faults.length).toBeGreaterThan(0);
  for (const line of faults) {
    expect(line.level).toBe(40);
    expect(line).not.toHaveProperty('err');
    expect(JSON.stringify(line)).not.toMatch(/\\n\s+at /);
    expect(line).toMatchObject({ reason: expect.any(String), error: expect.any(String) });
  }
  expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
});

it('a genuine 500 is still logged at error with its stack', async () => {
  lines.length = 0;
  await sql`alter table audit_log rename to audit_log_gone`.execute(t.db);
  try {
    const failed = await api.post('/api/counters', counter('No audit table'));
    expect(failed.statusCode).toBe(500);
  } finally {
    await sql`alter table audit_log_gone rename to audit_log`.execute(t.db);
  }
  const failure = lines.find((line) => line.msg === 'request failed') as { level: number; err: { stack: string } } | undefined;
  expect(failure?.level).toBe(50);
  expect(failure?.err.stack).toMatch(/\n\s+at /);
});
