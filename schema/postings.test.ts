import { describe, expect, it } from 'vitest';
import { careers } from './areas/careers';
import { isPostingOpen } from './postings';
import { isVisible } from './website';

const now = new Date('2025-06-15T12:00:00.000Z');

describe('isPostingOpen', () => {
  it.each([
    ['open, no closing date', { publication: 'published', status: 'open' }, true],
    ['closed', { publication: 'published', status: 'closed' }, false],
    ['no status', { publication: 'published' }, false],
    ['closing today (date): the whole day', { publication: 'published', status: 'open', closing_date: '2025-06-15' }, true],
    ['closing tomorrow', { publication: 'published', status: 'open', closing_date: '2025-06-16' }, true],
    ['closed yesterday', { publication: 'published', status: 'open', closing_date: '2025-06-14' }, false],
    ['closed a minute ago (time)', { publication: 'published', status: 'open', closing_date: '2025-06-15T11:59:00.000Z' }, false],
    ['empty closing date', { publication: 'published', status: 'open', closing_date: '' }, true],
    ['published', { status: 'open', publication: 'published' }, true],
    ['draft', { status: 'open', publication: 'draft' }, false],
    ['publication field present but empty', { status: 'open', publication: null }, false],
    ['published earlier today', { status: 'open', publication: 'published', published_at: '2025-06-15T11:00:00.000Z' }, true],
    ['published today (date)', { status: 'open', publication: 'published', published_at: '2025-06-15' }, true],
    ['scheduled for later today', { status: 'open', publication: 'published', published_at: '2025-06-15T13:00:00.000Z' }, false],
    ['scheduled for tomorrow', { status: 'open', publication: 'published', published_at: '2025-06-16' }, false],
    ['published but closed', { status: 'closed', publication: 'published' }, false],
  ])('%s → %s', (_label, posting, open) => {
    expect(isPostingOpen(posting, now)).toBe(open);
    // Open exactly when the website lists it.
    expect(isVisible(careers.website!, posting, now)).toBe(open);
  });
});
