// When a record reaches the public website (issue #7). The API applies these rules when the website reads
// (server/routes/public-content.ts, in SQL), the console shows them (the "Scheduled" chip). No imports: the rules
// compare ISO texts, as schema/schedule.ts does.
import { nowFor } from './schedule';

// Draft: only the console sees it. Published: the website does, from its publish time on.
export const PUBLICATION_STATUSES = ['draft', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
export const PUBLISHED: PublicationStatus = 'published';

/** What the console shows: a published record whose publish time is still ahead is 'scheduled'. */
export type PublicationState = 'draft' | 'scheduled' | 'published';

/** The record fields publication is read from. */
export interface PublicationFields {
  /** Holds 'draft' or 'published'. */
  status: string;
  /** An optional publish time (a date, or a date and time); empty means "as soon as it is published". */
  at: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Draft, scheduled (published but not due yet) or published (visible now). */
export function publicationOf(data: Record<string, unknown>, fields: PublicationFields, now: Date): PublicationState {
  if (data[fields.status] !== PUBLISHED) return 'draft';
  const at = text(data[fields.at]);
  // A publish date without a time is due from the start of that (UTC) day.
  return at !== null && at > nowFor(at, now) ? 'scheduled' : 'published';
}

/** Whether a date has not passed yet: a date without a time lasts until the end of that (UTC) day. */
export function notPast(value: unknown, now: Date): boolean {
  const date = text(value);
  return date === null || date >= nowFor(date, now);
}
