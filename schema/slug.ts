// How a slug is made from a title: the server fills an empty slug with it, the console previews the result.
// No imports but the folding rule the search shares (schema/fold.ts): the rule is plain string work.
import { foldLatin } from './fold';

// Generated slugs stop here; a slug typed by hand may be as long as its field allows (fields.slug).
export const SLUG_MAX_LENGTH = 100;

// What a slug's words are made of: lowercase letters (and letters of scripts without case, with their marks) and
// digits. Latin letters are folded to a-z first; other scripts are kept, as WordPress keeps them: a URL carries them
// percent-encoded. A slug field accepts what slugify makes (schema/define.ts SLUG_PATTERN).
// A word starts with a letter or a digit: a mark is part of the letter before it, and a word of marks alone shows
// nothing (❤️'s variation selector made the slug "\uFE0F": an outside probe, 2026-12-06). The marks that only choose
// how the character before them is drawn (variation selectors, the combining grapheme joiner, Mongolian's free
// variation selectors) are never part of a slug: `a` and `a` + U+FE0F would be two addresses that look the same.
const INVISIBLE_MARKS = String.raw`\u034f\u180b-\u180d\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}`;
const SLUG_MARK = String.raw`(?![${INVISIBLE_MARKS}])\p{M}`;
export const SLUG_WORD = String.raw`[\p{Ll}\p{Lo}\p{Lm}\p{N}](?:[\p{Ll}\p{Lo}\p{Lm}\p{N}]|${SLUG_MARK})*`;
const NOT_SLUG = /[^\p{Ll}\p{Lo}\p{Lm}\p{N}\p{M}]+/gu;
const INVISIBLE_MARK = new RegExp(`[${INVISIBLE_MARKS}]+`, 'gu');
const MARKS_STARTING_A_WORD = /(^|-)\p{M}+/gu;

/** 'Villa Rosé & Co.' → 'villa-rose-co', 'Привет мир' → 'привет-мир': folded words joined by single hyphens. */
export function slugify(text: string, max = SLUG_MAX_LENGTH): string {
  return foldLatin(text)
    .replace(INVISIBLE_MARK, '')
    .replace(NOT_SLUG, '-')
    .replace(MARKS_STARTING_A_WORD, '$1')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/[\ud800-\udbff]$/, '') // half of a letter outside the BMP, cut by the slice
    .replace(/-+$/, '');
}

/** The n-th candidate for a taken slug: 'title', 'title-2', 'title-3'…, still within `max` characters. */
export function slugCandidate(base: string, n: number, max = SLUG_MAX_LENGTH): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, max - suffix.length).replace(/[\ud800-\udbff]$/, '').replace(/-+$/, '')}${suffix}`;
}
