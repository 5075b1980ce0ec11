import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/helpers/db';
import { verifyPassword } from './passwords';
import { findUserByEmail } from './repositories/users';
import { ensureAdmin } from './seed';

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(async () => {
  await testDb.destroy();
});

describe('ensureAdmin', () => {
  it('creates admin@example.com with a generated password and returns it once', async () => {
    const result = await ensureAdmin(testDb.db, { adminEmail: undefined, adminPassword: undefined, adminName: 'Administrator' });
    expect(result).toEqual({ created: true, email: 'admin@example.com', generatedPassword: expect.any(String) });
    const password = result.created ? result.generatedPassword! : '';
    expect(password.length).toBeGreaterThanOrEqual(16);

    const user = await findUserByEmail(testDb.db, 'admin@example.com');
    expect(user).toMatchObject({ name: 'Administrator', active: true });
    expect(user!.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, user!.passwordHash)).toBe(true);
  });

  it('generates a different password on each fresh database', async () => {
    const other = await createTestDb();
    try {
      const config = { adminEmail: undefined, adminPassword: undefined, adminName: 'Administrator' };
      const a = await ensureAdmin(testDb.db, config);
      const b = await ensureAdmin(other.db, config);
      expect(a.created && b.created && a.generatedPassword !== b.generatedPassword).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it('creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD and returns no password', async () => {
    const result = await ensureAdmin(testDb.db, {
      adminEmail: 'owner@example.com',
      adminPassword: 'chosen password',
      adminName: 'Owner',
    });
    expect(result).toEqual({ created: true, email: 'owner@example.com' });
    const user = await findUserByEmail(testDb.db, 'owner@example.com');
    expect(user?.name).toBe('Owner');
    expect(await verifyPassword('chosen password', user!.passwordHash)).toBe(true);
  });

  it('does nothing once a user exists', async () => {
    const config = { adminEmail: 'owner@example.com', adminPassword: 'chosen password', adminName: 'Owner' };
    await ensureAdmin(testDb.db, config);
    expect(await ensureAdmin(testDb.db, { ...config, adminEmail: 'second@example.com' })).toEqual({ created: false });
    expect(await findUserByEmail(testDb.db, 'second@example.com')).toBeUndefined();
  });
});
