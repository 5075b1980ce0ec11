// The one form dates are stored in (issue #7 review): the website's visibility rules compare stored dates as text
// (schema/publish.ts, schema/schedule.ts, and the same in SQL), which is only right for ISO 8601 in UTC. So a date
// field takes a calendar date (2026-11-23) or a date and time (2026-11-23T09:30, seconds and fraction optional), read
// as UTC unless it ends with an offset. A calendar date is stored as it is; a date and time as the instant it names,
// the way Date.toISOString writes it (2026-11-23T09:30:00.000Z): one form, so that text compares as time and a
// website's `new Date(…)` never reads it as its own local time. Digits past the millisecond are dropped (a
// JavaScript date holds none). Anything else is refused, never guessed.
// No imports.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/i;
// What Date.toISOString writes for the years 0001 to 9999 (an offset can carry 0001-01-01 back into the year 0).
const INSTANT = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// The offsets clocks use: UTC−12:00 to UTC+14:00, in minutes (+14:30 and −12:30 are past them).
const ZONE_MINUTES_MIN = -12 * 60;
const ZONE_MINUTES_MAX = 14 * 60;

/** Whether an offset ('+05:45', '-12:00') is one a clock uses. */
function isClockOffset(zone: string): boolean {
  const minutes = Number(zone.slice(4));
  const east = (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + minutes);
  return minutes <= 59 && east >= ZONE_MINUTES_MIN && east <= ZONE_MINUTES_MAX;
}

export const DATE_FORMAT_HINT = 'YYYY-MM-DD, or YYYY-MM-DDTHH:MM in UTC or with an offset like +02:00';

/** The stored form of a date or date and time, or null when the text is not one (2024-02-30, 'May 1', 99999-…). */
export function normalizeDate(text: string): string | null {
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00', fraction = '.', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || calendar.getUTCDate() !== day || calendar.getUTCMonth() !== month - 1 || year < 1) return null;
  if (h === undefined) return `${y}-${mo}-${d}`;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (zone.length === 6 && !isClockOffset(zone)) return null;
  const milliseconds = fraction.slice(1, 4).padEnd(3, '0');
  const instant = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${milliseconds}${zone.toUpperCase()}`);
  const stored = Number.isNaN(instant) ? null : new Date(instant).toISOString();
  // An offset can carry the instant past the year 9999 (+010000-…), which no longer compares as text, or before the
  // year 1 (0000-12-31T23:00:00.000Z from 0001-01-01T00:00+01:00), which no date field takes back on the next save.
  return stored !== null && INSTANT.test(stored) ? stored : null;
}

/**
 * A stored date value as answers give it: in the stored form above, whatever form an earlier version stored it in
 * (2026-11-27T21:30, UTC, is answered 2026-11-27T21:30:00.000Z). Anything that is no date is answered as stored.
 */
export const storedDate = (value: unknown): unknown => (typeof value !== 'string' || STORED_SHAPE.test(value) ? value : (normalizeDate(value) ?? value));

// The shape of both stored forms. A value of that shape is answered as it is without reading it as a date: stored
// so, normalizeDate gives it back unchanged, and a value of that shape that is no date (2026-02-30) is answered as
// stored anyway (issue #10: every record of a list has its dates answered, 4% of a page's time).
const STORED_SHAPE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/;
