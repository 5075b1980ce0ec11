// <input type="datetime-local"> speaks local time; the API compares instants, so date-time inputs keep UTC ISO
// strings (parse={toInstant}).

/** A local date and time as the input gives it: no zone. */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;
/**
 * What the form holds for a time the clocks skip: no date the API takes (it would read the bare local time as UTC:
 * 13 hours late in Auckland, an outside probe), and recognised by skippedLocalTime below.
 */
export const SKIPPED_TIME = 'skipped local time ';

const two = (n: number) => String(n).padStart(2, '0');
/** A time as <input type="datetime-local"> writes it, in the browser's zone: '2026-09-27T03:30'. */
export const localMinute = (time: Date) =>
  `${String(time.getFullYear()).padStart(4, '0')}-${two(time.getMonth() + 1)}-${two(time.getDate())}T${two(time.getHours())}:${two(time.getMinutes())}`;

export const toInstant = (value: string | null | undefined) => {
  if (!value) return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return value;
  // A time the clocks skip (02:30 the night they go forward) is read as the hour after: 03:30 was saved without a
  // word (an outside probe). Marked, and refused with its own message (skippedLocalTime).
  if (LOCAL_TIME.test(value) && localMinute(time) !== value.slice(0, 16)) return `${SKIPPED_TIME}${value}`;
  return time.toISOString();
};

/** The form's message for a time the clocks skip where the browser is; undefined for any other value. */
export const skippedLocalTime = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || !value.startsWith(SKIPPED_TIME)) return undefined;
  const typed = LOCAL_TIME.exec(value.slice(SKIPPED_TIME.length));
  if (!typed) return undefined;
  return `${typed[2]} on ${typed[1]} does not exist in your time zone: the clocks go forward that night. Choose another time.`;
};

/** The time as typed, for the input to show again. */
export const typedLocalTime = (value: string): string => (value.startsWith(SKIPPED_TIME) ? value.slice(SKIPPED_TIME.length, SKIPPED_TIME.length + 16) : value);
