// SPEC §8: a relative-time formatter exists ('Just now', 'Nm ago', 'Nh ago', or a date) but is not displayed.
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function formatRelativeTime(timestamp: number | Date, now: number = Date.now()): string {
  const then = timestamp instanceof Date ? timestamp.getTime() : timestamp;
  // An invalid date has no sensible wording; an empty string renders as nothing rather than 'Invalid Date'.
  if (!Number.isFinite(then) || !Number.isFinite(now)) return '';
  const elapsed = now - then;
  // A timestamp slightly in the future (clock skew between tabs or servers) still reads as 'Just now'.
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return new Date(then).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
