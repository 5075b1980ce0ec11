import { describe, expect, it } from 'vitest';
import { changedBy, describeDifference, describeValue } from './EditConflictDialog';

describe('the conflict dialog says', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it.each([
    [{ updated_by: { id: 2, name: 'Erin Example' }, updated_at: '2026-11-23T11:58:00Z' }, 'Erin Example changed it 2m ago.'],
    [{ updated_by: { id: 2, name: 'Erin Example' }, updated_at: '2026-11-23T11:59:45Z' }, 'Erin Example changed it just now.'],
    [{ updated_by: null, updated_at: '2026-11-23T09:00:00Z' }, 'Someone else changed it 3h ago.'],
    [{ updated_by: null, updated_at: '2026-11-01T09:00:00Z' }, 'Someone else changed it on Nov 1, 2026.'],
    [{ updated_by: null, updated_at: null }, 'Someone else changed it.'],
  ])('who and when: %j → %s', (conflict, text) => {
    expect(changedBy(conflict, now)).toBe(text);
  });

  it('you, when the version was your own save in another tab or window', () => {
    const conflict = { updated_by: { id: 1, name: 'Ada Admin' }, updated_at: '2026-11-23T11:58:00Z' };
    expect(changedBy(conflict, now, true)).toBe('You changed it 2m ago, in another tab or window.');
    expect(changedBy({ ...conflict, updated_at: null }, now, true)).toBe('You changed it, in another tab or window.');
  });

  it('values in one short line: rich text as words, files by name, yes/no, lists, empty', () => {
    expect(describeValue('<p>Plan <strong>A</strong> &amp; B</p>')).toBe('Plan A & B');
    expect(describeValue({ src: '/api/uploads/abc', title: 'site.jpg' })).toBe('site.jpg');
    expect(describeValue({ src: '/api/uploads/abc' })).toBe('abc');
    expect(describeValue(true)).toBe('Yes');
    expect(describeValue(['news', 'site'])).toBe('news, site');
    expect(describeValue(null)).toBe('(empty)');
    expect(describeValue('<p></p>')).toBe('(empty)');
    const long = describeValue(`<p>${'word '.repeat(100)}</p>`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  // Two additions at the end of a long post read the same first 120 characters in both columns (an outside probe).
  it('shows two long versions from a little before where they differ', () => {
    const start = `<p>${'Quarterly report on the site works. '.repeat(8)}</p>`;
    const [theirs, mine] = describeDifference(`${start}<p>Added by Erin.</p>`, `${start}<p>Added by Dana.</p>`);
    expect(theirs).toBe('…report on the site works. Added by Erin.');
    expect(mine).toBe('…report on the site works. Added by Dana.');
    // Short values, or long ones that differ early, read from their start.
    expect(describeDifference('Erin’s title', 'Dana’s title')).toEqual(['Erin’s title', 'Dana’s title']);
    const [early] = describeDifference(`A${'b'.repeat(200)}`, `C${'b'.repeat(200)}`);
    expect(early).toBe(`A${'b'.repeat(118)}…`);
  });
});
