// The one form dates are stored in (issue #7 review): the website's visibility rules compare stored dates as text
// (schema/publish.ts, schema/schedule.ts, and the same in SQL), which is only right for ISO 8601 in UTC. So a date
// field takes a calendar date (2026-11-23) or a date and time (2026-11-23T09:30, seconds optional), read as UTC
// unless it ends with an offset; an offset is converted to UTC (…Z). Anything else is refused, never guessed.
// No imports.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

export const DATE_FORMAT_HINT = 'YYYY-MM-DD, or YYYY-MM-DDTHH:MM in UTC or with an offset like +02:00';

/** The stored form of a date or date and time, or null when the text is not one (2024-02-30, 'May 1', 99999-…). */
export function normalizeDate(text: string): string | null {
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || calendar.getUTCDate() !== day || calendar.getUTCMonth() !== month - 1 || year < 1) return null;
  if (h === undefined) return `${y}-${mo}-${d}`;
  if (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59)) return null;
  const local = `${y}-${mo}-${d}T${h}:${mi}${s !== undefined ? `:${s}` : ''}${fraction ?? ''}`;
  if (zone === undefined) return local;
  if (zone.toUpperCase() === 'Z') return `${local}Z`;
  const instant = Date.parse(`${local}${zone}`);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}
