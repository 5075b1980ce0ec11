// Sign-in throttling (issue #9 item 2): failed sign-ins are rows in the database, so every instance on one database
// counts the same failures, and a restart forgets none. Per account (the normalised email, known or not: an unknown
// account is throttled exactly like a known one) and per address.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { SignInThrottleConfig, ThrottleThresholds } from '../config';
import type { Database } from '../db/types';

/**
 * The account key of sign-ins from a browser that signed in to the account before (server/sign-in-device.ts): its
 * failures and locks are its own, and an administrator's unlock and the account's shown lock take them in too.
 */
const DEVICE_SEPARATOR = ' device ';
export const deviceAccountKey = (account: string, device: string) => `${account}${DEVICE_SEPARATOR}${device}`;
/** The account a key counts for: itself, or the account of a known browser's key. */
const accountOfKey = (key: string) => (key.includes(DEVICE_SEPARATOR) ? key.slice(0, key.indexOf(DEVICE_SEPARATOR)) : key);

/** Rows of these accounts' keys: each account's own, and each of its known browsers'. */
function ofAccounts(eb: ExpressionBuilder<Database, 'sign_in_attempts'>, accounts: readonly string[]) {
  return eb.or(
    accounts.flatMap((account) => {
      const prefix = `${account}${DEVICE_SEPARATOR}`;
      return [eb('account', '=', account), eb(eb.fn<string>('substr', ['account', sql.lit(1), sql.lit(prefix.length)]), '=', prefix)];
    }),
  );
}

export interface SignInKeys {
  /** The email as normaliseEmail (server/repositories/users.ts) returns it. */
  account: string;
  address: string;
}

/**
 * How long (ms) the key whose failures these are must still wait at `now`; 0 when it may try.
 * `failures`: the key's failure times, newest first. The window is counted back from the newest failure, so a lock
 * lasts `lockMs` after the failure that caused it whatever the window; after it, one more failure locks it again only
 * while enough failures stay inside the window.
 */
export function throttleWait(failures: readonly string[], thresholds: ThrottleThresholds, policy: SignInThrottleConfig, now: Date): number {
  return Math.max(0, throttleEnd(failures, thresholds, policy).until - now.getTime());
}

/** Until when (ms since the epoch, 0 for never) these failures hold their key back, and whether as a lock. */
function throttleEnd(failures: readonly string[], thresholds: ThrottleThresholds, policy: SignInThrottleConfig): { until: number; locked: boolean } {
  if (failures.length === 0) return { until: 0, locked: false };
  const last = Date.parse(failures[0]!);
  const count = failures.filter((at) => Date.parse(at) > last - policy.windowMs).length;
  if (thresholds.lockAfter > 0 && count >= thresholds.lockAfter) return { until: last + policy.lockMs, locked: true };
  if (thresholds.delayAfter > 0 && count >= thresholds.delayAfter) {
    // 1 s after the delayAfter-th failure, then doubling, capped: 1 s, 2 s, 4 s…
    return { until: last + Math.min(1000 * 2 ** (count - thresholds.delayAfter), policy.maxDelayMs), locked: false };
  }
  return { until: 0, locked: false };
}

/** How far back a failure can still matter: the newest one counts for a lock (or the longest delay), the window behind it. */
const horizonMs = (policy: SignInThrottleConfig) => policy.windowMs + Math.max(policy.lockMs, policy.maxDelayMs);

/** The most failures a key's wait depends on: beyond the lock (or ~20 doublings of the delay) more change nothing. */
const relevantCount = ({ delayAfter, lockAfter }: ThrottleThresholds) => Math.max(lockAfter, delayAfter > 0 ? delayAfter + 20 : 0);

async function failuresOf(
  db: Kysely<Database>,
  column: 'account' | 'address',
  value: string,
  limit: number,
  since: Date,
): Promise<string[]> {
  if (limit === 0) return [];
  const rows = await db
    .selectFrom('sign_in_attempts')
    .select('attempted_at')
    .where(column, '=', value)
    .where('attempted_at', '>=', since.toISOString())
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.attempted_at);
}

/** How long (ms) a sign-in for these keys must wait: the longer of the account's and the address's waits. */
async function signInWait(db: Kysely<Database>, policy: SignInThrottleConfig, keys: SignInKeys, now: Date): Promise<number> {
  const since = new Date(now.getTime() - horizonMs(policy));
  const account = await failuresOf(db, 'account', keys.account, relevantCount(policy.account), since);
  const address = await failuresOf(db, 'address', keys.address, relevantCount(policy.address), since);
  return Math.max(throttleWait(account, policy.account, policy, now), throttleWait(address, policy.address, policy, now));
}

/**
 * Admits a sign-in attempt, or says how long (ms) it must wait. An admitted attempt is recorded as failed before its
 * password is checked (a success clears it), under a lock on both keys: of attempts racing on any instance, each
 * sees those admitted before it, so none slips past a limit. Refused attempts are not recorded: waiting out a lock
 * is enough to end it.
 */
export async function admitSignInAttempt(db: Kysely<Database>, policy: SignInThrottleConfig, keys: SignInKeys, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // SQLite runs one transaction at a time already. Account first, address second, in every transaction: no deadlock.
    if (dialectOf(trx) === 'postgres') {
      for (const key of [`sign-in account ${keys.account}`, `sign-in address ${keys.address}`]) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      }
    }
    const wait = await signInWait(trx, policy, keys, now);
    if (wait > 0) return wait;
    await trx
      .insertInto('sign_in_attempts')
      .values({ account: keys.account, address: keys.address, attempted_at: now.toISOString() })
      .execute();
    return 0;
  });
}

/** Records a failed sign-in as it is (tests and tools); the sign-in route goes through admitSignInAttempt. */
export async function recordSignInFailure(db: Kysely<Database>, keys: SignInKeys, at: Date): Promise<void> {
  await db.insertInto('sign_in_attempts').values({ account: keys.account, address: keys.address, attempted_at: at.toISOString() }).execute();
}

/**
 * Until when each of these accounts is locked (its `lockAfter`-th failure in the window, SIGN_IN_LOCK_MINUTES), as an
 * ISO date; accounts that are not locked at `now` are left out. The short waits before a lock are not locks.
 */
export async function accountLocks(db: Kysely<Database>, policy: SignInThrottleConfig, accounts: readonly string[], now: Date): Promise<Map<string, string>> {
  const locks = new Map<string, string>();
  if (accounts.length === 0 || policy.account.lockAfter <= 0) return locks;
  const rows = await db
    .selectFrom('sign_in_attempts')
    .select(['account', 'attempted_at'])
    .where((eb) => ofAccounts(eb, [...new Set(accounts)]))
    .where('attempted_at', '>=', new Date(now.getTime() - horizonMs(policy)).toISOString())
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const failures = new Map<string, string[]>();
  for (const row of rows) {
    const times = failures.get(row.account);
    if (times) times.push(row.attempted_at);
    else failures.set(row.account, [row.attempted_at]);
  }
  // A known browser's lock is the account's too, as its owner sees it: the latest of them.
  for (const [key, times] of failures) {
    const { until, locked } = throttleEnd(times, policy.account, policy);
    const account = accountOfKey(key);
    const held = locks.get(account);
    if (locked && until > now.getTime() && (held === undefined || Date.parse(held) < until)) locks.set(account, new Date(until).toISOString());
  }
  return locks;
}

/** A successful sign-in clears the failures of its key (the account's, from every address, or a known browser's). */
export async function clearAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('account', '=', account).execute();
}

/** An administrator's unlock clears every failure of the account: its own and each of its known browsers'. */
export async function clearAllAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where((eb) => ofAccounts(eb, [account])).execute();
}

/** Deletes failures too old to count for anything any more. */
export async function pruneSignInAttempts(db: Kysely<Database>, policy: SignInThrottleConfig, now: Date): Promise<void> {
  const before = new Date(now.getTime() - horizonMs(policy)).toISOString();
  await db.deleteFrom('sign_in_attempts').where('attempted_at', '<', before).execute();
}
