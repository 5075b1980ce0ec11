// Turns checked list parameters (server/areas/list-query.ts) into SQL conditions and sort keys, for the record
// store (JSON fields) and for plain tables (columns) alike. Values are always parameters.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { PUBLISHED, type PublicationFields } from '../../schema/publish';
import type { Schedule, ScheduleFields } from '../../schema/schedule';
import { likePattern, type ListFilter, type ListQuery } from '../areas/list-query';
import type { ListField } from '../areas/model';
import type { JsonAccess } from '../db/dialect';

const fieldValue = (json: JsonAccess, field: ListField) =>
  field.column ? sql.ref(field.column) : json.value(field.name, field.kind);

export function sortKey(json: JsonAccess, field: ListField): RawBuilder<unknown> {
  if (!field.column) return json.sortKey(field.name, field.kind);
  return field.foldCase ? sql`lower(${sql.ref(field.column)})` : sql`${sql.ref(field.column)}`;
}

export type SortSpec = ListQuery['sort'];

function scheduleCondition(json: JsonAccess, fields: ScheduleFields, schedule: Schedule, now: string): RawBuilder<SqlBool> {
  const active = json.value(fields.active, 'boolean');
  const start = json.text(fields.start);
  const end = json.text(fields.end);
  // schema/schedule.ts's rule in SQL: a date without a time compares with today's date, a date and time with now.
  const nowAs = (value: RawBuilder<unknown>) => sql`substr(cast(${now} as text), 1, length(${value}))`;
  const isActive = sql<SqlBool>`(${active} = ${json.param(true, 'boolean')})`;
  const expired = sql<SqlBool>`(${end} is not null and ${end} < ${nowAs(end)})`;
  const upcoming = sql<SqlBool>`(${start} is not null and ${start} > ${nowAs(start)})`;
  switch (schedule) {
    case 'inactive':
      return sql<SqlBool>`(${active} is null or not ${isActive})`;
    case 'expired':
      return sql<SqlBool>`(${isActive} and ${expired})`;
    case 'upcoming':
      return sql<SqlBool>`(${isActive} and not ${expired} and ${upcoming})`;
    case 'live':
      return sql<SqlBool>`(${isActive} and not ${expired} and not ${upcoming})`;
  }
}

// schema/publish.ts's rules in SQL, compared as texts the way scheduleCondition does.
const nowAs = (now: string, value: RawBuilder<unknown>) => sql`substr(cast(${now} as text), 1, length(${value}))`;

function publishedCondition(json: JsonAccess, fields: PublicationFields, now: string): RawBuilder<SqlBool> {
  const at = json.text(fields.at);
  return sql<SqlBool>`(${json.text(fields.status)} = ${PUBLISHED} and (${at} is null or ${at} = '' or ${at} <= ${nowAs(now, at)}))`;
}

function notPastCondition(json: JsonAccess, field: string, now: string): RawBuilder<SqlBool> {
  const date = json.text(field);
  return sql<SqlBool>`(${date} is null or ${date} = '' or ${date} >= ${nowAs(now, date)})`;
}

export function filterCondition(json: JsonAccess, filter: ListFilter): Expression<SqlBool> {
  switch (filter.type) {
    case 'ids':
      return filter.ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`id in (${sql.join(filter.ids)})`;
    case 'search': {
      // Tables searched in place (users, the audit log): every term in one of the fields. The record store answers
      // from its search table instead (server/repositories/records.ts).
      const each = filter.terms.map((term) => {
        const matches = filter.fields.map((field) => json.like(field.column ? sql`${sql.ref(field.column)}` : json.text(field.name), likePattern(term)));
        return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
      });
      return sql<SqlBool>`(${sql.join(each, sql` and `)})`;
    }
    case 'equals':
      if (filter.value === null) return sql<SqlBool>`${fieldValue(json, filter.field)} is null`;
      return sql<SqlBool>`${fieldValue(json, filter.field)} = ${json.param(filter.value, filter.field.kind)}`;
    case 'contains':
      return json.contains(filter.field.name, filter.value);
    case 'created':
      return sql<SqlBool>`created_at ${sql.raw(filter.op)} ${filter.value}`;
    case 'schedule':
      return scheduleCondition(json, filter.fields, filter.value, filter.now);
    case 'published':
      return publishedCondition(json, filter.fields, filter.now);
    case 'notPast':
      return notPastCondition(json, filter.field, filter.now);
  }
}

/** `rows` (read by id, in no order) put in the order of `ids`, each turned by `as`; an id without a row is left out. */
export function inOrderOf<Row extends { id: unknown }, T>(ids: readonly number[], rows: readonly Row[], as: (row: Row) => T): T[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [as(row)] : [];
  });
}
