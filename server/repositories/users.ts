import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';

export interface User {
  id: number;
  name: string;
  email: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A user together with the password hash; only the sign-in path needs it. */
export interface UserWithPassword extends User {
  passwordHash: string;
}

function toUser(row: UserRow): UserWithPassword {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    active: Boolean(row.active),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    passwordHash: row.password_hash,
  };
}

function withoutPassword({ passwordHash: _omit, ...user }: UserWithPassword): User {
  return user;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserWithPassword | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && withoutPassword(toUser(row));
}

export async function hasAnyUser(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  active?: boolean;
}

export async function createUser(db: Kysely<Database>, user: NewUser, now = new Date()): Promise<User> {
  const timestamp = now.toISOString();
  const row = await db
    .insertInto('users')
    .values({
      name: user.name,
      email: normalizeEmail(user.email),
      password_hash: user.passwordHash,
      active: user.active === false ? 0 : 1,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return withoutPassword(toUser(row));
}

export async function setUserActive(db: Kysely<Database>, id: number, active: boolean, now = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ active: active ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}
