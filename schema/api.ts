// Names the console and the API both use, outside record shapes. No imports: the sign-in page loads this.

// SPEC §7: the console copies this cookie into this header on requests that change something (docs/api.md).
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

// A singleton area's one record: GET and PUT /api/<name>/1.
export const SINGLETON_ID = 1;

/**
 * The largest id either database gives a record, user or session: PostgreSQL's `integer` columns end there. An id
 * above it names nothing; the API says so in the same words on both databases, where PostgreSQL answered 500 to it
 * (an outside probe comparing the two, 2026-12-06).
 */
export const MAX_RECORD_ID = 2_147_483_647;

// The public forms' honeypot: the website renders an input of this name that people never see or fill (hidden
// with CSS, not type="hidden", left out of the tab order). Bots fill every input; a submission with this field
// non-empty is answered as if accepted and nothing is stored. No form may declare a field of this name.
export const HONEYPOT_FIELD = 'website';

// A busy or failing database (issue #9): the API answers 503 with Retry-After and one of these, which the console
// shows as they are.
export const DATABASE_BUSY_MESSAGE = 'The database is busy. Try again in a few seconds.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot take changes right now (it is read-only, full or unreachable). Try again later; if this goes on, tell your administrator.';
// A write committed whose sync to disk failed (SQLite): the change is there, but the disk did not confirm it is kept.
// Answered as 'cannot take changes' before, and a client that tried again made it twice (an outside probe: a post
// created twice, a website enquiry sent twice, after a disk went read-only).
export const DATABASE_UNCONFIRMED_MESSAGE =
  'Your change may have been saved, but the disk did not confirm that it is kept. Reload to see whether it is there before trying again; if this goes on, tell your administrator.';
// A read the database could not answer (a PostgreSQL server that is down): nothing was to change.
export const DATABASE_UNREACHABLE_MESSAGE =
  'The database cannot be reached right now. Try again later; if this goes on, tell your administrator.';

/**
 * Sent with "1" on requests the console makes by itself, without the user doing anything (the unread counts it polls
 * every minute): they do not count as use of the session, so a console left open still ends at its idle limit
 * (SESSION_IDLE_MINUTES, issue #9).
 */
export const BACKGROUND_HEADER = 'X-Background-Request';

/**
 * Lists count their matches up to this many (issue #10): past it, the count would cost as much as the data is
 * large, so the admin API answers `Content-Range: <area> 0-24/*` and the console shows "10,000+"; the website
 * API answers `total: 10000` with `total_exact: false`.
 */
export const LIST_COUNT_CAP = 10_000;

/** `projection=list` on an admin list (issue #10): the records without their rich-text fields, as list screens show them. */
export const LIST_PROJECTION = 'list';

/** The longest text search (`q`) the API takes, on the website's lists and in an admin list's filter: 400 past it. */
export const MAX_SEARCH_LENGTH = 200;
