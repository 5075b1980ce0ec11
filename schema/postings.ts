// Whether a job posting takes applications: the API refuses an application to any other (POST
// /api/public/careers-form). The same postings the website lists (careers' website view; postings.test.ts holds
// the two together). No imports but the date rule of schedule.ts.
import { nowFor } from './schedule';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Open: status 'open', not past its closing date (a date-only closing date lasts the whole of that UTC day), and,
 * where the posting has publishing (a `publication` field), published and due.
 */
export function isPostingOpen(posting: Record<string, unknown>, now: Date): boolean {
  if (posting.status !== 'open') return false;
  const closing = text(posting.closing_date);
  if (closing !== null && closing < nowFor(closing, now)) return false;
  if (Object.hasOwn(posting, 'publication')) {
    if (posting.publication !== 'published') return false;
    const at = text(posting.published_at);
    if (at !== null && at > nowFor(at, now)) return false;
  }
  return true;
}
