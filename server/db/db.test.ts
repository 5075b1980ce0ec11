import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/helpers/db';
import { createToken, findSession } from '../repositories/tokens';
import { createUser, findUserByEmail } from '../repositories/users';
import { migrate } from './index';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

describe('database', () => {
  it('migrates idempotently', async () => {
    expect(await migrate(testDb.db)).toEqual([]);
  });

  it('stores emails lowercased and keeps them unique', async () => {
    await createUser(testDb.db, { name: 'A', email: 'Mixed@Case.test', passwordHash: 'x' });
    expect((await findUserByEmail(testDb.db, 'MIXED@case.TEST'))?.email).toBe('mixed@case.test');
    await expect(createUser(testDb.db, { name: 'B', email: 'mixed@case.test', passwordHash: 'y' })).rejects.toThrow();
  });

  it('defaults users to active and stores timestamps as ISO text', async () => {
    const user = await createUser(testDb.db, { name: 'C', email: 'c@case.test', passwordHash: 'x' }, new Date('2024-05-01T10:00:00.000Z'));
    expect(user).toMatchObject({ active: true, createdAt: '2024-05-01T10:00:00.000Z', updatedAt: '2024-05-01T10:00:00.000Z' });
  });

  it('deletes a user’s tokens with the user', async () => {
    const user = await createUser(testDb.db, { name: 'D', email: 'd@case.test', passwordHash: 'x' });
    await createToken(testDb.db, { userId: user.id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 60_000) });
    expect(await findSession(testDb.db, 'f'.repeat(64))).toMatchObject({ user: { id: user.id } });

    await testDb.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await testDb.db.selectFrom('tokens').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('refuses a token for a user that does not exist', async () => {
    await expect(
      createToken(testDb.db, { userId: 999_999, tokenHash: 'e'.repeat(64), expiresAt: new Date() }),
    ).rejects.toThrow();
  });
});
