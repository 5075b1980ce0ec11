// List values computed at request time from other data (never stored, so never stale).
import type { Kysely } from 'kysely';
import { scheduleOf } from '../../schema/schedule';
import type { Database } from '../db/types';
import { countByField } from '../repositories/records';
import type { AreaModel } from './model';
import type { ApiRecord } from './records';

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
