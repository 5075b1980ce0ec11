import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface NewToken {
  userId: number;
  tokenHash: string;
  expiresAt: Date;
}

export async function createToken(db: Kysely<Database>, token: NewToken, now = new Date()): Promise<number> {
  const row = await db
    .insertInto('tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Session {
  tokenId: number;
  expiresAt: string;
  user: { id: number; name: string; email: string };
}

/** The unexpired token with this hash and its user, provided the user is active. */
export async function findSession(db: Kysely<Database>, tokenHash: string, now = new Date()): Promise<Session | undefined> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select([
      'tokens.id as tokenId',
      'tokens.expires_at as expiresAt',
      'users.id as userId',
      'users.name as name',
      'users.email as email',
      'users.active as active',
    ])
    .where('tokens.token_hash', '=', tokenHash)
    .where('tokens.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row || !row.active) return undefined;
  return { tokenId: row.tokenId, expiresAt: row.expiresAt, user: { id: row.userId, name: row.name, email: row.email } };
}

export async function deleteToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.deleteFrom('tokens').where('id', '=', tokenId).execute();
}

export async function deleteExpiredTokens(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('tokens').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Signs the user out everywhere (deactivation, password reset), except on the token `exceptTokenId`. */
export async function deleteUserTokens(db: Kysely<Database>, userId: number, exceptTokenId?: number): Promise<void> {
  let query = db.deleteFrom('tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  await query.execute();
}
