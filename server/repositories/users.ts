import type { Kysely } from 'kysely';
import type { ListQuery } from '../areas/list-query';
import { dialectOf, jsonAccess } from '../db/dialect';
import type { Database, UserRow } from '../db/types';
import { filterCondition, sortKey } from './list-sql';
import { USERS_KIND, deleteRevisions, saveRevision } from './revisions';
import { forgetKeptSessions } from './tokens';
import { normalizeEmail } from '../../schema/areas/users-management';

export interface User {
  id: number;
  name: string;
  email: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every update (issue #8). */
  version: number;
  updatedBy: number | null;
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
    version: Number(row.version),
    updatedBy: row.updated_by === null ? null : Number(row.updated_by),
    passwordHash: row.password_hash,
  };
}

function withoutPassword({ passwordHash: _omit, ...user }: UserWithPassword): User {
  return user;
}

// As stored and compared (schema/areas/users-management.ts), by the console too.
export { normalizeEmail };

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserWithPassword | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row && toUser(row);
}

/** `lock`: hold the row until the transaction ends (PostgreSQL; SQLite transactions already run one at a time). */
export async function findUserById(db: Kysely<Database>, id: number, options: { lock?: boolean } = {}): Promise<User | undefined> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (options.lock && dialectOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && withoutPassword(toUser(row));
}

/** The stored password hash of a user, for checking a current password (issue #9); never answered. */
export async function findPasswordHash(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
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
  /** Who creates the account (none for the first administrator). */
  by?: number | null;
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
      updated_by: user.by ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return withoutPassword(toUser(row));
}

export async function setUserActive(db: Kysely<Database>, id: number, active: boolean, now = new Date()): Promise<void> {
  forgetKeptSessions();
  await db
    .updateTable('users')
    .set({ active: active ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** One page of users (never their password hashes) and how many match in all. */
export async function listUsers(db: Kysely<Database>, query: ListQuery): Promise<{ users: User[]; total: number }> {
  const json = jsonAccess(dialectOf(db));
  let base = db.selectFrom('users');
  for (const filter of query.filters) base = base.where(filterCondition(json, filter));
  const { field, order } = query.sort;
  const rows = await base
    .selectAll()
    .orderBy(sortKey(json, field), order === 'ASC' ? 'asc' : 'desc')
    .orderBy('id', order === 'ASC' ? 'asc' : 'desc')
    .limit(query.range.end - query.range.start + 1)
    .offset(query.range.start)
    .execute();
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  return { users: rows.map((row) => withoutPassword(toUser(row))), total: Number(total) };
}

export async function isEmailTaken(db: Kysely<Database>, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface UserChanges {
  name?: string;
  email?: string;
  active?: boolean;
  passwordHash?: string;
}

/** What a user's revision keeps (issue #8): never the password hash. */
export const revisedFields = (user: Pick<User, 'name' | 'email' | 'active'>) => ({ name: user.name, email: user.email, active: user.active });

/**
 * Changes a user: `previous` (read with `lock` in this transaction) becomes a revision and the user its next
 * version, saved by `by`. Undefined when the user is gone or no longer at that version.
 */
export async function updateUser(
  db: Kysely<Database>,
  previous: User,
  changes: UserChanges,
  options: { by?: number | null; now?: Date } = {},
): Promise<User | undefined> {
  forgetKeptSessions();
  const row = await db
    .updateTable('users')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.email !== undefined && { email: normalizeEmail(changes.email) }),
      ...(changes.active !== undefined && { active: changes.active ? 1 : 0 }),
      ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
      updated_at: (options.now ?? new Date()).toISOString(),
      version: previous.version + 1,
      updated_by: options.by ?? null,
    })
    .where('id', '=', previous.id)
    .where('version', '=', previous.version)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await saveRevision(db, {
    kind: USERS_KIND,
    recordId: previous.id,
    version: previous.version,
    data: revisedFields(previous),
    updatedBy: previous.updatedBy,
    updatedAt: previous.updatedAt,
  });
  return withoutPassword(toUser(row));
}

/** Deletes the user; their tokens go with them (foreign key cascade). */
export async function deleteUser(db: Kysely<Database>, id: number): Promise<User | undefined> {
  forgetKeptSessions();
  const row = await db.deleteFrom('users').where('id', '=', id).returningAll().executeTakeFirst();
  if (row) await deleteRevisions(db, USERS_KIND, id);
  return row && withoutPassword(toUser(row));
}
