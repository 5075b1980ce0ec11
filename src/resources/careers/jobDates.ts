// Closing dates are calendar days ('2027-01-31'), not instants: read and shown in local time, so a date never
// shifts by a day in a timezone west of UTC (new Date('2027-01-31') would be midnight UTC).
export function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export const formatDay = (value: string | null | undefined): string => {
  const day = value ? localDay(value) : null;
  return day ? day.toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';
};

// The posting accepts applications through its closing day.
export function isPastClosing(value: string | null | undefined, now = new Date()): boolean {
  const day = value ? localDay(value) : null;
  if (!day) return false;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return day < today;
}
