// List values computed at request time from other data (never stored, so never stale).
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { countByField } from '../repositories/records';
import type { Schedule } from './list-query';
import type { AreaModel, ScheduleFields } from './model';
import type { ApiRecord } from './records';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Whether a banner shows now. A date without a time counts as that whole day (an end date of today is still
 * live); the SQL filter (server/repositories/list-sql.ts) compares the same way.
 */
export function scheduleOf(data: Record<string, unknown>, fields: ScheduleFields, now: Date): Schedule {
  if (data[fields.active] !== true) return 'inactive';
  const iso = now.toISOString();
  const end = text(data[fields.end]);
  if (end !== null && end < iso.slice(0, end.length)) return 'expired';
  const start = text(data[fields.start]);
  if (start !== null && start > iso.slice(0, start.length)) return 'upcoming';
  return 'live';
}

/** Adds the area's computed values to records about to be answered (one extra grouped query at most). */
export async function withComputed(db: Kysely<Database>, model: AreaModel, records: ApiRecord[], now = new Date()): Promise<ApiRecord[]> {
  const { schedule, referenceCount } = model;
  if (schedule) for (const record of records) record.schedule = scheduleOf(record, schedule, now);
  if (referenceCount) {
    const counts = await countByField(db, referenceCount.from, referenceCount.field, records.map((record) => record.id));
    for (const record of records) record[referenceCount.as] = counts.get(record.id) ?? 0;
  }
  return records;
}
