import { notPast } from '../../../schema/publish';
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

// The posting accepts applications through its closing day, a UTC day, as the website decides (schema/publish.ts
// notPast): judged by the browser's own day, an editor in Auckland was told a posting took no applications while the
// website still listed it and took one (an outside probe).
export function isPastClosing(value: string | null | undefined, now = new Date()): boolean {
  return !!value && localDay(value) !== null && !notPast(value, now);
}
