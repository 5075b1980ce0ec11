import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from './define';
import { slugCandidate, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Villa Rosé & Co.', 'villa-rose-co'],
    ['  Hello,   World!  ', 'hello-world'],
    ['Ünïcödé Çafé', 'unicode-cafe'],
    ['---', ''],
    ['日本語', ''],
    ['2024 Annual Report', '2024-annual-report'],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('stops at 100 characters without a trailing hyphen', () => {
    const slug = slugify(`${'abcd '.repeat(40)}`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('makes only slugs that a slug field accepts', () => {
    for (const text of ['Villa Rosé & Co.', '  -- Mixed__Case 42 --  ', `${'Long title '.repeat(30)}`]) {
      expect(slugify(text)).toMatch(SLUG_PATTERN);
    }
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
