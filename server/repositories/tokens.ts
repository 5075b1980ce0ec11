import type { Kysely } from 'kysely';
import { shownAddress } from '../client-address';
import { dialectOf } from '../db/dialect';
import { prepared } from '../db/prepared';
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
      ip: shownAddress(token.ip) || null,
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

// Run by every signed-in write: built once (server/db/prepared.ts). PostgreSQL holds the token's and the user's rows
// until the write commits: a sign-out, a session revoked, a reset or a deactivation under way waits for the write.
const openSession = prepared((db, values: { tokenId: number; now: string }) => {
  const query = db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id as tokenId', 'users.active as active'])
    .where('tokens.id', '=', values.tokenId)
    .where('tokens.expires_at', '>', values.now);
  return dialectOf(db) === 'postgres' ? query.forShare() : query;
});

/**
 * Whether the session a write was authenticated with is still open — its token not revoked or expired, its user
 * active — asked inside the write's transaction. The request was authenticated when it arrived, before its body: a
 * write whose body came after its session ended (signed out, the user deactivated) must not be applied then.
 */
export async function isSessionOpen(trx: Kysely<Database>, tokenId: number, now = new Date()): Promise<boolean> {
  const { rows } = await openSession(trx, { tokenId, now: now.toISOString() });
  const row = rows[0];
  return row !== undefined && Boolean(row.active);
}

// ---- Sessions kept for a moment (issue #10) --------------------------------------------------------------------
// Looking a token up was a quarter of the server's time for a read by id (SQLite), and one of three round trips for a
// list page on PostgreSQL, although a console's burst of requests all carry the same token. A session found is kept
// for SESSION_KEPT_MS. Every write to tokens or users made through this server forgets all kept sessions at once, and
// again once the request that wrote has been answered (its transaction committed by then): a sign-out, a revoked
// session, a deactivation or a password reset take effect at the next request. A change made around this server (by
// SQL, or by another instance sharing a PostgreSQL database) takes effect within SESSION_KEPT_MS. Only sessions found
// are kept: unknown tokens are looked up every time, so a flood of them cannot fill the memory.

/** How long a session found is reused without asking the database again. */
export const SESSION_KEPT_MS = 1_000;
/** At most this many kept sessions; past it, all are forgotten (they are only a second's worth of lookups). */
export const SESSIONS_KEPT_AT_MOST = 1_000;

const keptSessions = new Map<string, { at: number; session: Session }>();
let sessionGeneration = 0;

/** Forgets every kept session: called by every write to tokens or users. */
export function forgetKeptSessions(): void {
  sessionGeneration += 1;
  keptSessions.clear();
}

/** A number that moves whenever kept sessions are forgotten (plugins/authenticate.ts forgets again after a write). */
export function keptSessionsGeneration(): number {
  return sessionGeneration;
}

/** findSession, answered from the kept sessions when this token was found less than SESSION_KEPT_MS ago. */
export async function findSessionKept(db: Kysely<Database>, tokenHash: string, now = new Date()): Promise<Session | undefined> {
  const kept = keptSessions.get(tokenHash);
  const age = kept ? now.getTime() - kept.at : -1;
  // The limits are checked again on a kept session: the token may have expired since.
  if (kept && age >= 0 && age < SESSION_KEPT_MS && kept.session.expiresAt > now.toISOString()) return kept.session;
  const generation = sessionGeneration;
  const session = await findSession(db, tokenHash, now);
  // A write to tokens or users during the lookup: what it read may be the state before.
  if (session && generation === sessionGeneration) {
    if (keptSessions.size >= SESSIONS_KEPT_AT_MOST) keptSessions.clear();
    keptSessions.set(tokenHash, { at: now.getTime(), session });
  } else keptSessions.delete(tokenHash);
  return session;
}

/** The kept session of this token was just recorded as used (touchToken), so it reads that time too. */
export function noteSessionUsed(tokenHash: string, at: Date): void {
  const kept = keptSessions.get(tokenHash);
  if (kept) kept.session = { ...kept.session, lastUsedAt: at.toISOString() };
}

export async function deleteToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  forgetKeptSessions();
  await db.deleteFrom('tokens').where('id', '=', tokenId).execute();
}

/** The moment before which a token's last use makes it idle; undefined when there is no idle limit. */
export function idleCutoff(idleMinutes: number, now = new Date()): string | undefined {
  return idleMinutes > 0 ? new Date(now.getTime() - idleMinutes * 60_000).toISOString() : undefined;
}

/** Deletes the tokens past their absolute limit and, when `idleMinutes` > 0, those unused for that long. */
export async function deleteExpiredTokens(db: Kysely<Database>, now = new Date(), idleMinutes = 0): Promise<number> {
  const idle = idleCutoff(idleMinutes, now);
  forgetKeptSessions();
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
  forgetKeptSessions();
  const result = await db.deleteFrom('tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Signs the user out everywhere (deactivation, password reset), except on the token `exceptTokenId`. */
export async function deleteUserTokens(db: Kysely<Database>, userId: number, exceptTokenId?: number): Promise<number> {
  forgetKeptSessions();
  let query = db.deleteFrom('tokens').where('user_id', '=', userId);
  if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
