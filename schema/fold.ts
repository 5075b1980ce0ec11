// How text is folded where a reader types it without accents: in slugs (schema/slug.ts) and in the search
// (server/areas/search-index.ts), so that "lodz" finds "Łódź" and "Łódź" makes the slug "lodz". No imports.

// Latin letters that Unicode does not take apart into a letter and an accent: a stroke, a bar or a ligature is part
// of the letter (as WordPress's remove_accents reads them). Lower case only: the text is lowered first.
const WHOLE_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ƀ: 'b',
  ƶ: 'z',
};
const WHOLE_LETTER = new RegExp(`[${Object.keys(WHOLE_LETTERS).join('')}]`, 'gu');
// Accents are taken off Latin letters only: in other scripts a mark is part of the word (Devanagari vowels, the
// breve of Cyrillic й), and is kept.
const LATIN_ACCENTS = /(\p{Script=Latin})\p{M}+/gu;

/** Lower case, decomposed (every mark apart from its letter), with the whole letters above spelled out: both folds' first step. */
export const foldLetters = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(WHOLE_LETTER, (letter) => WHOLE_LETTERS[letter]!);

/** Lower case, Latin letters without accents, strokes or ligatures ('Résumé Straße Ærø Łódź' → 'resume strasse aero lodz'). */
export function foldLatin(text: string): string {
  return foldLetters(text).replace(LATIN_ACCENTS, '$1').normalize('NFC');
}
