import { describe, expect, it } from 'vitest';
import { foldLatin } from './fold';

describe('foldLatin', () => {
  it.each([
    ['Résumé Straße Ærø Łódź', 'resume strasse aero lodz'],
    ['ŒUVRE Đorđe Þór Ħal Ŋ', 'oeuvre dorde thor hal n'],
    ['İstanbul', 'istanbul'],
    // Marks of other scripts are part of their letters.
    ['Йод नमस्ते', 'йод नमस्ते'],
  ])('%j → %j', (text, folded) => {
    expect(foldLatin(text)).toBe(folded);
  });
});
