// Caching of the public read answers (issue #7): an ETag from the answer's bytes, so an edit in the console changes
// it at once; a Last-Modified that moves forward whenever the answer changes, for whatever reason (an edit, a
// deletion, a scheduled post falling due, a banner expiring); 304 Not Modified to a client that holds the current
// answer; and a Cache-Control that lets a CDN keep an answer PUBLIC_CACHE_SECONDS while browsers revalidate.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Counts the requests that may have changed content: a write answered 2xx, once it is answered (so after its
 * transaction committed). An answer computed before a change is never reused after it. A refused write (403, 404,
 * 409…) changed nothing: counting it let anyone make every public answer be computed again.
 */
export interface ContentVersion {
  current: number;
}

export function trackContentChanges(app: FastifyInstance): ContentVersion {
  const version: ContentVersion = { current: 0 };
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (reply.statusCode >= 200 && reply.statusCode < 300) version.current += 1;
  });
  return version;
}

// A public answer is reused within the second it was computed for, when nothing was written meanwhile: the website's
// "now" is that second's start (server/areas/list-query.ts listTime), so a scheduled post shows at most a second
// late, and a burst of visitors costs one computation per page per second. Visitors asking for the same address at
// once wait for the one computation under way (a burst on a page not yet computed used to compute it once per
// visitor: twenty at once, each counting the published posts).
const REUSED_ANSWERS = 2000;

interface Reusable {
  payload: Promise<string>;
  version: number;
  second: number;
}

/** The serialized answers of the current second, by address, computed or under way. */
export class AnswerCache {
  private readonly entries = new Map<string, Reusable>();

  /**
   * The answer for `key` in the second of `now` at this content `version`: the one computed or being computed, else
   * `compute(second's start)`. A computation that fails is not reused.
   */
  answer(key: string, version: number, now: number, compute: (at: Date) => Promise<string>): Promise<string> {
    const second = Math.floor(now / 1000);
    const found = this.entries.get(key);
    this.entries.delete(key);
    if (found && found.version === version && found.second === second) {
      this.entries.set(key, found);
      return found.payload;
    }
    const entry: Reusable = { payload: compute(new Date(second * 1000)), version, second };
    this.entries.set(key, entry);
    if (this.entries.size > REUSED_ANSWERS) this.entries.delete(this.entries.keys().next().value!);
    entry.payload.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.payload;
  }
}

/** Answers remembered for Last-Modified; the oldest is forgotten first (it then restarts from now: never too old). */
const REMEMBERED_ANSWERS = 5000;

interface Seen {
  etag: string;
  /** When this answer was first given, in whole seconds (HTTP dates have no finer unit). */
  since: number;
}

/** `W/"…"`: weak, because the same JSON compressed differently is still the same answer. */
export const etagOf = (body: string | Buffer) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';
// RFC 9110, section 5.6.7: IMF-fixdate (what this server sends), and the obsolete rfc850-date and asctime-date.
const HTTP_DATES = [
  new RegExp(`^${DAY}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(`^${LONG_DAY}, (?<day>\\d{2})-${MONTH}-(?<year>\\d{2}) ${TIME} GMT$`),
  new RegExp(`^${DAY} ${MONTH} (?<day> \\d|\\d{2}) ${TIME} (?<year>\\d{4})$`),
];

/**
 * The time (ms) of an HTTP-date, or undefined when `value` is not one. Stricter than Date.parse, which also takes
 * `2026-11-29`, `2099` or `Nov 29 2026` (RFC 9110 has a recipient ignore a validator that is not an HTTP-date).
 */
export function parseHttpDate(value: string, now = Date.now()): number | undefined {
  const groups = HTTP_DATES.map((format) => format.exec(value)).find((match) => match !== null)?.groups;
  if (!groups) return undefined;
  const day = Number(groups.day);
  const month = MONTHS.indexOf(groups.month!);
  const [hour, minute, second] = [Number(groups.hour), Number(groups.minute), Number(groups.second)];
  let year = Number(groups.year);
  if (groups.year!.length === 2) {
    // rfc850-date: a two-digit year more than 50 years ahead is the latest past year ending in those digits.
    const thisYear = new Date(now).getUTCFullYear();
    year += thisYear - (thisYear % 100);
    if (year > thisYear + 50) year -= 100;
  }
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const time = new Date(0);
  time.setUTCFullYear(year, month, day);
  // 31 Feb is no date.
  if (time.getUTCDate() !== day || time.getUTCMonth() !== month) return undefined;
  time.setUTCHours(hour, minute, second, 0);
  return time.getTime();
}

/**
 * The time of an If-Modified-Since that may be used, or undefined: RFC 9110, section 13.1.3, has a recipient ignore
 * one that is not a valid HTTP-date, or that is later than its current time (a client that claims a copy from 2099
 * would otherwise be told 304 until then, whatever changes).
 */
export function usableModifiedSince(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const time = parseHttpDate(value, now);
  return time !== undefined && time <= now ? time : undefined;
}

/**
 * Takes off an If-Modified-Since that must be ignored, before anything reads it: the website's answers (below) and
 * the console's file server (@fastify/send, which compares it with Date.parse and answered 304 to a date in 2099).
 */
export function ignoreUnusableModifiedSince(request: FastifyRequest): void {
  const value = request.raw.headers['if-modified-since'];
  if (value !== undefined && usableModifiedSince(value) === undefined) delete request.raw.headers['if-modified-since'];
}

/** RFC 9110 §13.1.2 (weak comparison) and §13.1.3: If-None-Match wins; If-Modified-Since only without it. */
/** Whether an If-None-Match header names `etag` (a list, weak or strong, or `*`: RFC 9110 §13.1.2's weak comparison). */
export function etagMatches(header: string, etag: string): boolean {
  const tags = header.split(',').map((tag) => tag.trim());
  return tags.includes('*') || tags.some((tag) => opaque(tag) === opaque(etag));
}

export function isNotModified(request: FastifyRequest, etag: string, since: number): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) return etagMatches(match, etag);
  const modifiedSince = usableModifiedSince(request.headers['if-modified-since']);
  return modifiedSince !== undefined && since <= modifiedSince;
}

function addVary(reply: FastifyReply, name: string) {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current.split(',').map((item) => item.trim()).filter(Boolean);
  if (!names.some((item) => item.toLowerCase() === name.toLowerCase() || item === '*')) names.push(name);
  reply.header('vary', names.join(', '));
}

/** Adds the caching hooks to the routes of `app` (an encapsulated plugin: only its own routes). */
export function registerPublicCache(app: FastifyInstance, config: Pick<Config, 'publicCacheSeconds' | 'publicUrl'>): void {
  const seen = new Map<string, Seen>();
  const seconds = config.publicCacheSeconds;
  // Browsers always ask again (a 304 costs a few bytes); a CDN keeps the answer `seconds`, and may serve it that much
  // longer while it fetches a fresh one.
  const cacheControl = seconds > 0 ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}` : 'no-cache';

  app.addHook('onSend', async (request, reply, payload) => {
    // Images and JSON of the website may be used by pages on other origins (helmet's default is same-origin).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    addVary(reply, 'Origin');
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      // An error (a post not published yet) must not be kept: it may be there in a minute.
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = etagOf(payload);
    // By host too: file URLs in an answer are built from it (unless PUBLIC_URL is set), so another host is another
    // answer, and alternating hosts cannot push one address's date forward.
    const key = `${request.protocol}://${request.host}${request.url}`;
    const now = Math.floor(Date.now() / 1000) * 1000;
    let entry = seen.get(key);
    if (entry?.etag !== etag) {
      // A change within the second of the previous answer still moves the date forward, past a copy of that second.
      entry = { etag, since: entry ? Math.max(now, entry.since + 1000) : now };
      seen.delete(key);
      seen.set(key, entry);
      if (seen.size > REMEMBERED_ANSWERS) seen.delete(seen.keys().next().value!);
    }
    // Without PUBLIC_URL, file URLs are built from the request's scheme and host (routes/public-content.ts, baseUrl):
    // an answer holding one differs by host, and says so to any cache keyed on the address alone. (The host itself was
    // checked before, plugins/host-header.ts.)
    if (config.publicUrl === undefined && (typeof payload === 'string' ? payload : payload.toString('utf8')).includes(`"${request.protocol}://${request.host}/`)) {
      addVary(reply, 'Host');
      // Behind a trusted proxy (TRUST_PROXY) the scheme and host are the forwarded ones: a cache between that proxy and
      // the client, keyed on Host alone, could hand a forged host's URLs to everyone (an outside probe).
      if (request.headers['x-forwarded-host'] !== undefined || request.headers['x-forwarded-proto'] !== undefined) {
        addVary(reply, 'X-Forwarded-Host');
        addVary(reply, 'X-Forwarded-Proto');
      }
    }
    reply.header('etag', etag).header('cache-control', cacheControl);
    // Never a date later than now (RFC 9110 §8.8.2.1): until then the ETag alone validates.
    if (entry.since <= now) reply.header('last-modified', new Date(entry.since).toUTCString());
    if (isNotModified(request, etag, entry.since)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
