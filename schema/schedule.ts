// When a banner shows: the API computes it for lists and filters, the console previews it while a banner is edited.
// No imports: the rule compares ISO texts.

export const SCHEDULES = ['live', 'upcoming', 'expired', 'inactive'] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** The record fields a schedule is computed from. */
export interface ScheduleFields {
  active: string;
  start: string;
  end: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * `now` cut to the length of a stored date, so they compare as texts: a date without a time compares with today's
 * date (an end date of today is still live), a date and time with now. The SQL filter does the same with substr.
 */
export const nowFor = (value: string, now: Date): string => now.toISOString().slice(0, value.length);

/** Whether a record shows now: switched off, not yet started, over, or live. */
export function scheduleOf(data: Record<string, unknown>, fields: ScheduleFields, now: Date): Schedule {
  if (data[fields.active] !== true) return 'inactive';
  const end = text(data[fields.end]);
  if (end !== null && end < nowFor(end, now)) return 'expired';
  const start = text(data[fields.start]);
  if (start !== null && start > nowFor(start, now)) return 'upcoming';
  return 'live';
}
