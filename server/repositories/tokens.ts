import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface NewToken {
  userId: number;
  tokenHash: string;
  expiresAt: Date;
  /** Where the session was signed in from: the client's address and its User-Agent. */
  ip?: string | null;
  userAgent?: string | null;
}

/** User-Agent headers are the client's to write: stored at most this long. */
export const USER_AGENT_MAX_LENGTH = 300;

/** A minute: `last_used_at` is written at most this often per token, not on every request. */
export const LAST_USED_PRECISION_MS = 60_000;

export async function createToken(db: Kysely<Database>, token: NewToken, now = new Date()): Promise<number> {
  const row = await db
    .insertInto('tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt.toISOString(),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      ip: token.ip || null,
      user_agent: token.userAgent ? token.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Session {
  tokenId: number;
  expiresAt: string;
  lastUsedAt: string;
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
      'tokens.last_used_at as lastUsedAt',
      'users.id as userId',
      'users.name as name',
      'users.email as email',
      'users.active as active',
    ])
    .where('tokens.token_hash', '=', tokenHash)
    .where('tokens.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row || !row.active) return undefined;
  return { tokenId: row.tokenId, expiresAt: row.expiresAt, lastUsedAt: row.lastUsedAt, user: { id: row.userId, name: row.name, email: row.email } };
}

export async function deleteToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.deleteFrom('tokens').where('id', '=', tokenId).execute();
}

/** The moment before which a token's last use makes it idle; undefined when there is no idle limit. */
export function idleCutoff(idleMinutes: number, now = new Date()): string | undefined {
  return idleMinutes > 0 ? new Date(now.getTime() - idleMinutes * 60_000).toISOString() : undefined;
}

/** Deletes the tokens past their absolute limit and, when `idleMinutes` > 0, those unused for that long. */
export async function deleteExpiredTokens(db: Kysely<Database>, now = new Date(), idleMinutes = 0): Promise<number> {
  const idle = idleCutoff(idleMinutes, now);
  const result = await db
    .deleteFrom('tokens')
    .where((eb) => {
      const expired = eb('expires_at', '<=', now.toISOString());
      return idle === undefined ? expired : eb.or([expired, eb('last_used_at', '<=', idle)]);
    })
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Records that the token was used now, unless it already was within the last minute: one write a minute per token,
 * however many requests it makes. The condition lives in the UPDATE, so instances sharing a database agree.
 */
export async function touchToken(db: Kysely<Database>, tokenId: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('last_used_at', '<=', new Date(now.getTime() - LAST_USED_PRECISION_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A session as its user sees it (GET /api/sessions): never the token or its hash. */
export interface SessionSummary {
  id: number;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

/** The user's sessions still within both limits, the most recently used first. */
export async function listUserSessions(db: Kysely<Database>, userId: number, idleMinutes: number, now = new Date()): Promise<SessionSummary[]> {
  const idle = idleCutoff(idleMinutes, now);
  let query = db
    .selectFrom('tokens')
    .select(['id', 'created_at as createdAt', 'last_used_at as lastUsedAt', 'expires_at as expiresAt', 'ip', 'user_agent as userAgent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString());
  if (idle !== undefined) query = query.where('last_used_at', '>', idle);
  return await query.orderBy('last_used_at', 'desc').orderBy('id', 'desc').execute();
}

/** Ends one of the user's own sessions; false when the user has no session with this id. */
export async function deleteUserToken(db: Kysely<Database>, userId: number, tokenId: number): Promise<boolean> {
  const result = await db.deleteFrom('tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Signs the user out everywhere (deactivation, password reset), except on the token `exceptTokenId`. */
export async function deleteUserTokens(db: Kysely<Database>, userId: number, exceptTokenId?: number): Promise<number> {
  let query = db.deleteFrom('tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
