// The audit log (issue #9): one row per sign-in, sign-out, password change or reset, and create, update or delete.
// Entries are written in the transaction of the change they describe, so a refused or rolled-back write leaves none.
import type { Expression, Kysely, SqlBool } from 'kysely';
import { shownAddress } from '../client-address';
import type { AuditAction } from '../../schema/audit-log';
import type { ListFilter, ListQuery } from '../areas/list-query';
import { dialectOf, jsonAccess } from '../db/dialect';
import { prepared } from '../db/prepared';
import type { AuditLogTable, Database } from '../db/types';
import { filterCondition, inOrderOf, sortKey } from './list-sql';

export { AUDIT_ACTIONS, type AuditAction } from '../../schema/audit-log';

/** Who makes a change, and from which address; routes build it from the request (server/routes/audit-log.ts). */
export interface AuditActor {
  userId: number;
  userName: string;
  ip: string | null;
  /** The session (token row) the change was asked with: still open when it is written, or the write is refused. */
  tokenId?: number | null;
}

export interface AuditEntry {
  action: AuditAction;
  userId: number | null;
  userName: string | null;
  area?: string | null;
  recordId?: number | null;
  recordLabel?: string | null;
  /** Names of the fields set or changed; never their values. */
  fields?: readonly string[] | null;
  ip?: string | null;
  /** The email a sign-in was attempted with. */
  email?: string | null;
  at?: Date;
}

export interface StoredAuditEntry {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  area: string | null;
  record_id: number | null;
  record_label: string | null;
  fields: string[] | null;
  ip: string | null;
  email: string | null;
}

// A record's label is a title someone typed: long enough to recognise it, not a copy of the record.
const LABEL_MAX = 200;

export async function insertAuditEntry(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const label = entry.recordLabel === undefined || entry.recordLabel === null ? null : entry.recordLabel.slice(0, LABEL_MAX);
  await insertAuditRow(db, {
    at: (entry.at ?? new Date()).toISOString(),
    user_id: entry.userId ?? null,
    user_name: entry.userName ?? null,
    action: entry.action,
    area: entry.area ?? null,
    record_id: entry.recordId ?? null,
    record_label: label,
    fields: entry.fields ? JSON.stringify(entry.fields) : null,
    ip: shownAddress(entry.ip) ?? null,
    email: entry.email ?? null,
  });
}

// Run by every write: built once (server/db/prepared.ts).
const insertAuditRow = prepared((db, row: Omit<AuditLogTable, 'id'>) =>
  db.insertInto('audit_log').values({
    at: row.at,
    user_id: row.user_id,
    user_name: row.user_name,
    action: row.action,
    area: row.area,
    record_id: row.record_id,
    record_label: row.record_label,
    fields: row.fields,
    ip: row.ip,
    email: row.email,
  }),
);

/** An extra condition on `at`: the list's from/to bounds. */
export interface AtBound {
  op: '>=' | '<' | '<=';
  value: string;
}

function toEntry(row: Omit<StoredAuditEntry, 'fields'> & { fields: string | null }): StoredAuditEntry {
  return { ...row, id: Number(row.id), record_id: row.record_id === null ? null : Number(row.record_id), user_id: row.user_id === null ? null : Number(row.user_id), fields: row.fields === null ? null : (JSON.parse(row.fields) as string[]) };
}

function matching(db: Kysely<Database>, filters: readonly ListFilter[], bounds: readonly AtBound[]) {
  const json = jsonAccess(dialectOf(db));
  let query = db.selectFrom('audit_log');
  for (const filter of filters) query = query.where(filterCondition(json, filter));
  for (const bound of bounds) query = query.where('at', bound.op, bound.value);
  return query;
}

function sorted(db: Kysely<Database>, filters: readonly ListFilter[], bounds: readonly AtBound[], sort: ListQuery['sort']) {
  const json = jsonAccess(dialectOf(db));
  const order = sort.order === 'ASC' ? 'asc' : 'desc';
  return matching(db, filters, bounds).selectAll().orderBy(sortKey(json, sort.field) as Expression<SqlBool>, order).orderBy('id', order);
}

/** One page of entries, sorted (newest first by default), and how many match in all. */
export async function listAuditEntries(db: Kysely<Database>, query: ListQuery, bounds: readonly AtBound[] = []): Promise<{ entries: StoredAuditEntry[]; total: number }> {
  const rows = await sorted(db, query.filters, bounds, query.sort)
    .limit(query.range.end - query.range.start + 1)
    .offset(query.range.start)
    .execute();
  const total = await countAuditEntries(db, query.filters, bounds);
  return { entries: rows.map(toEntry), total };
}

export async function countAuditEntries(db: Kysely<Database>, filters: readonly ListFilter[] = [], bounds: readonly AtBound[] = []): Promise<number> {
  const { total } = await matching(db, filters, bounds)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The ids of every matching entry, sorted, for the CSV export (which reads the entries a batch at a time). */
export async function exportAuditIds(db: Kysely<Database>, filters: readonly ListFilter[], bounds: readonly AtBound[], sort: ListQuery['sort']): Promise<number[]> {
  const json = jsonAccess(dialectOf(db));
  const order = sort.order === 'ASC' ? 'asc' : 'desc';
  const rows = await matching(db, filters, bounds).select('id').orderBy(sortKey(json, sort.field) as Expression<SqlBool>, order).orderBy('id', order).execute();
  return rows.map((row) => Number(row.id));
}

/** The entries with these ids, in the order of `ids`; one pruned meanwhile is left out. */
export async function auditEntriesByIds(db: Kysely<Database>, ids: readonly number[]): Promise<StoredAuditEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('audit_log').selectAll().where('id', 'in', [...ids]).execute();
  return inOrderOf(ids, rows, toEntry);
}

/** Deletes entries older than `days` days before `now`; answers how many went. */
export async function pruneAuditLog(db: Kysely<Database>, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
