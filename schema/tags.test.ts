import { describe, expect, it } from 'vitest';
import { distinctTags } from './tags';

describe('a record’s tags as stored', () => {
  it('keeps the first spelling of a tag given twice in another case or Unicode form, in its place', () => {
    // 'été' with a combining accent (e + U+0301) and with é: two identical chips, and the website printed both.
    expect(distinctTags([' News ', 'été', 'news', 'e\u0301te\u0301', '', 'Site'])).toEqual(['News', 'été', 'Site']);
    // Stored composed, whichever form was typed first, so a filter for one finds the other too.
    expect(distinctTags(['e\u0301te\u0301', 'ÉTÉ'])).toEqual(['\u00e9t\u00e9']);
  });
});
