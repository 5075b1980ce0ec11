import { describe, expect, it } from 'vitest';
import { editConflictOf, EDIT_CONFLICT_MESSAGE, etagOf, mergeStale, parseIfMatch, parseVersion, sameValue } from './conflicts';

describe('the three-way rule (issue #8)', () => {
  const base = { title: 'A', excerpt: 'x', active: true };

  it('applies what only I changed, keeps what only they changed', () => {
    expect(mergeStale(base, { title: 'B', excerpt: 'x', active: true }, { title: 'A', excerpt: 'y', active: false })).toEqual({
      changes: { title: 'B' },
      conflicts: [],
    });
  });

  it('conflicts only where both changed, to different values', () => {
    expect(mergeStale(base, { title: 'B', excerpt: 'same' }, { title: 'C', excerpt: 'same' })).toEqual({ changes: {}, conflicts: ['title'] });
  });

  it('without a base, conflicts wherever mine and theirs differ', () => {
    expect(mergeStale(undefined, { title: 'A', excerpt: 'mine' }, { title: 'A', excerpt: 'theirs' })).toEqual({ changes: {}, conflicts: ['excerpt'] });
  });

  it('compares JSON by content: keys in any order, a missing value equal to null', () => {
    expect(sameValue({ src: '/a', title: 't' }, { title: 't', src: '/a' })).toBe(true);
    expect(sameValue([1, { a: null }], [1, {}])).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue(0, false)).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
  });
});

describe('versions as clients send them', () => {
  it.each([
    [undefined, undefined],
    [3, 3],
    ['3', 3],
    ['abc', 'invalid'],
    [-1, 'invalid'],
    [1.5, 'invalid'],
    [0, 'invalid'],
    [null, 'invalid'],
  ])('body version %j → %j', (sent, parsed) => {
    expect(parseVersion(sent)).toBe(parsed);
  });

  it.each([
    ['"7"', 7],
    ['W/"7"', 7],
    ['7', 7],
    ['*', undefined],
    ['"x"', 'invalid'],
  ])('If-Match %s → %j', (header, parsed) => {
    expect(parseIfMatch(header)).toBe(parsed);
  });

  it('quotes a version as an entity tag', () => {
    expect(etagOf(12)).toBe('"12"');
  });

  it('recognises a conflict answer, and only that', () => {
    const conflict = { message: EDIT_CONFLICT_MESSAGE, conflicts: ['title'], current: { id: 1, version: 2 }, updated_by: null, updated_at: null };
    expect(editConflictOf(conflict)).toEqual(conflict);
    expect(editConflictOf({ message: 'Not Found' })).toBeUndefined();
  });
});
