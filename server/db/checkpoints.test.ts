// The checkpoint worker on a database it cannot checkpoint (a full disk did it on every 100 ms turn): it says so once
// per kind of failure, backs off, and says when checkpoints work again (database probe).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { checkpointInBackground } from './checkpoints';
import { SqliteDatabase } from './sqlite-driver';

const dir = mkdtempSync(path.join(tmpdir(), 'cornerstone-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reports a failing checkpoint once, not at every turn, and says when one works again', async () => {
  const good = path.join(dir, 'good.db');
  const database = new SqliteDatabase(good);
  database.pragma('journal_mode = WAL');
  database.exec('create table t (x)');
  database.close();
  const file = path.join(dir, 'target.db');
  // Not a database: every checkpoint fails (SQLITE_NOTADB), as every one did on a full disk.
  writeFileSync(file, 'x'.repeat(8192));
  const events: string[] = [];
  const checkpointer = checkpointInBackground(
    file,
    { onError: (message) => events.push(`error: ${message}`), onRecovered: () => events.push('recovered') },
    10,
    200,
  );
  try {
    await sleep(1500);
    // At 10 ms a turn, that was 150 reports.
    expect(events).toEqual(['error: file is not a database']);
    copyFileSync(good, file);
    await sleep(1000);
    expect(events).toEqual(['error: file is not a database', 'recovered']);
  } finally {
    checkpointer.stop();
  }
});
