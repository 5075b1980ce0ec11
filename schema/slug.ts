// How a slug is made from a title: the server fills an empty slug with it, the console previews the result.
// No imports: the rule is plain string work.

// Generated slugs stop here; a slug typed by hand may be as long as its field allows (fields.slug).
export const SLUG_MAX_LENGTH = 100;

/** 'Villa Rosé & Co.' → 'villa-rose-co': lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(text: string, max = SLUG_MAX_LENGTH): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // the accents NFKD split off
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** The n-th candidate for a taken slug: 'title', 'title-2', 'title-3'…, still within `max` characters. */
export function slugCandidate(base: string, n: number, max = SLUG_MAX_LENGTH): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
}
