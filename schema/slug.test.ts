import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from './define';
import { slugCandidate, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Villa Rosé & Co.', 'villa-rose-co'],
    ['  Hello,   World!  ', 'hello-world'],
    ['Ünïcödé Çafé', 'unicode-cafe'],
    ['---', ''],
    ['!!!', ''],
    ['2024 Annual Report', '2024-annual-report'],
    // Letters with a stroke or a bar, and ligatures, are folded as accents are (not dropped: 'stra-e-r-odz').
    ['Résumé Straße Ærø Łódź', 'resume-strasse-aero-lodz'],
    ['Ørsted ĐAKOVO þing', 'orsted-dakovo-thing'],
    ['ＦＵＬＬ ｗｉｄｔｈ', 'full-width'],
    // Other scripts are kept, as WordPress keeps them (a URL carries them percent-encoded), lowercased where they have case.
    ['日本語', '日本語'],
    ['日本語のタイトル', '日本語のタイトル'],
    ['Привет мир', 'привет-мир'],
    ['Йошкар-Ола', 'йошкар-ола'],
    ['नमस्ते दुनिया', 'नमस्ते-दुनिया'],
    ['Café – Москва', 'cafe-москва'],
    // Emoji are no words, and their variation selectors and joiners leave nothing behind (an outside probe, 2026-12-06).
    ['❤️', ''],
    ['☺️ ☺️', ''],
    ['Emoji 👨‍👩‍👧‍👦 🏳️‍🌈 test', 'emoji-test'],
    ['a\ufe0f b', 'a-b'],
    // A mark with no letter before it is dropped; one on a letter of another script stays.
    ['\u0301\u0301 word', 'word'],
    ['й \u0301x', 'й-x'],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('never cuts a letter outside the BMP in half at the limit', () => {
    const slug = slugify(`a${'𠀀'.repeat(60)}`);
    expect(slug).toBe(`a${'𠀀'.repeat(49)}`);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slugCandidate(slug, 2)).toBe(`a${'𠀀'.repeat(48)}-2`);
  });

  it('stops at 100 characters without a trailing hyphen', () => {
    const slug = slugify(`${'abcd '.repeat(40)}`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('makes only slugs that a slug field accepts', () => {
    for (const text of ['Villa Rosé & Co.', '  -- Mixed__Case 42 --  ', `${'Long title '.repeat(30)}`, 'Привет мир', '日本語のタイトル', 'नमस्ते दुनिया']) {
      expect(slugify(text)).toMatch(SLUG_PATTERN);
    }
    // Still lower case and single hyphens, whatever the script.
    for (const typed of ['Привет', 'Hello', 'привет--мир', '-привет', 'a b']) expect(typed).not.toMatch(SLUG_PATTERN);
    // Nothing that shows nothing: a word of marks alone, a variation selector after a letter.
    for (const typed of ['\u0301\u0301', 'a-\ufe0f', 'a\ufe0f', '\ufe0f', 'a-\u0301b', 'x\u{e0100}']) expect(typed).not.toMatch(SLUG_PATTERN);
    for (const typed of ['नमस्ते-दुनिया', 'й', 'q\u0301']) expect(typed).toMatch(SLUG_PATTERN);
  });
});

describe('slugCandidate', () => {
  it('numbers the candidates from 2 and keeps them within the limit', () => {
    expect(slugCandidate('title', 1)).toBe('title');
    expect(slugCandidate('title', 2)).toBe('title-2');
    const long = 'a'.repeat(100);
    expect(slugCandidate(long, 12)).toBe(`${'a'.repeat(97)}-12`);
  });
});
