// What the public website may read of an area (issue #7), declared beside the area (its `website` key). The API
// serves it at /api/public/<area> with no token; an area without `website` is never public. Imports nothing: the
// rules it names live in schema/publish.ts and schema/schedule.ts.
import { notPast, publicationOf, type PublicationFields } from './publish';
import { scheduleOf, type ScheduleFields } from './schedule';

export interface WebsiteView<K extends string = string> {
  /** The fields a page shows (detail answers). Internal ones (notes, users) are simply not listed. */
  fields: readonly K[];
  /** The fields of a list item, when fewer than `fields` (a list of posts leaves out their bodies). */
  listFields?: readonly K[];

  // ---- Which records a visitor sees: every rule given must hold ----
  /** Drafts and records whose publish time is ahead stay hidden (schema/publish.ts). */
  publication?: PublicationFields;
  /** Banners: only those live now (schema/schedule.ts). */
  schedule?: ScheduleFields;
  /** Fields that must hold this value (e.g. `{ active: true }`, `{ status: 'open' }`). */
  equals?: Partial<Record<K, string | boolean>>;
  /** A date after which the record is gone (e.g. a posting's closing date; that whole day still counts). */
  until?: K;

  // ---- How the website asks ----
  /** Query parameters that filter a list → the field they compare with (membership for list fields like tags). */
  filters?: Readonly<Record<string, K>>;
  /** `?q=` searches the area's declared `search` fields. */
  search?: boolean;
  /** Lists come in pages of this many by default (`?page=`, `?per_page=` up to PUBLIC_MAX_PER_PAGE). */
  perPage?: number;
  /** `/api/public/<area>/<key>` answers one record, found by this field (a slug) or by its id. */
  detail?: K | 'id';
  /** A query parameter that answers the one record whose field equals it (SEO: `?path=/about`). */
  lookup?: { param: string; field: K };
}

export const PUBLIC_MAX_PER_PAGE = 50;

/** Whether a visitor sees this record now: the same rules the API applies in SQL. */
export function isVisible(view: WebsiteView, data: Record<string, unknown>, now: Date): boolean {
  if (view.publication && publicationOf(data, view.publication, now) !== 'published') return false;
  if (view.schedule && scheduleOf(data, view.schedule, now) !== 'live') return false;
  for (const [field, value] of Object.entries(view.equals ?? {})) if (data[field] !== value) return false;
  if (view.until && !notPast(data[view.until], now)) return false;
  return true;
}
