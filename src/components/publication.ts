// What the publication controls and chip read from an area: the fields its website view names for publication
// (schema/website.ts), and a publish time in words.
import type { AreaDeclaration } from '../../schema/define';
import type { PublicationFields } from '../../schema/publish';

export function publicationFieldsOf(area: Pick<AreaDeclaration, 'name' | 'website'>): PublicationFields {
  const fields = area.website?.publication;
  if (!fields) throw new Error(`${area.name} declares no website.publication`);
  return fields;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A publish time as people read it, in their locale and time zone: '24 Nov 2026, 09:00' (en-GB). */
export function formatPublishTime(value: string): string {
  // A date alone is due from the start of that UTC day (schema/publish.ts): show that day, never the one before.
  if (DAY_ONLY.test(value)) {
    return new Date(`${value}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  }
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
