import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/types';
import { hashPassword } from './passwords';
import { createUser, hasAnyUser } from './repositories/users';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export type AdminBootstrap =
  /** Users already exist; nothing was done. */
  | { created: false }
  /** The first admin was created from ADMIN_EMAIL / ADMIN_PASSWORD. */
  | { created: true; email: string; generatedPassword?: undefined }
  /** No ADMIN_* given: the password was generated and must be shown once, it is not stored anywhere else. */
  | { created: true; email: string; generatedPassword: string };

/** Creates the first administrator when the users table is empty. */
export async function ensureAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'adminName'>,
): Promise<AdminBootstrap> {
  if (await hasAnyUser(db)) return { created: false };

  const { adminEmail, adminPassword, adminName } = config;
  if (adminEmail && adminPassword) {
    await createUser(db, { name: adminName, email: adminEmail, passwordHash: await hashPassword(adminPassword) });
    return { created: true, email: adminEmail };
  }
  const generatedPassword = randomBytes(18).toString('base64url'); // 24 characters
  await createUser(db, { name: adminName, email: DEFAULT_ADMIN_EMAIL, passwordHash: await hashPassword(generatedPassword) });
  return { created: true, email: DEFAULT_ADMIN_EMAIL, generatedPassword };
}
