import { describe, expect, it } from 'vitest';
import { notPast, publicationOf } from './publish';

const fields = { status: 'status', at: 'published_at' };
const now = new Date('2026-11-23T10:00:00.000Z');

describe('publicationOf', () => {
  it('is a draft whatever its date unless published', () => {
    expect(publicationOf({ status: 'draft', published_at: '2020-01-01' }, fields, now)).toBe('draft');
    expect(publicationOf({}, fields, now)).toBe('draft');
  });
  it('is published without a date, or once its time has come', () => {
    expect(publicationOf({ status: 'published', published_at: null }, fields, now)).toBe('published');
    expect(publicationOf({ status: 'published', published_at: '' }, fields, now)).toBe('published');
    expect(publicationOf({ status: 'published', published_at: '2026-11-23T10:00:00.000Z' }, fields, now)).toBe('published');
    // A date alone is due from the start of that day.
    expect(publicationOf({ status: 'published', published_at: '2026-11-23' }, fields, now)).toBe('published');
  });
  it('is scheduled while its time is ahead', () => {
    expect(publicationOf({ status: 'published', published_at: '2026-11-23T10:00:01.000Z' }, fields, now)).toBe('scheduled');
    expect(publicationOf({ status: 'published', published_at: '2026-11-24' }, fields, now)).toBe('scheduled');
  });
});

describe('notPast', () => {
  it('lasts through the whole of a date and until a date and time', () => {
    expect(notPast(null, now)).toBe(true);
    expect(notPast('2026-11-23', now)).toBe(true);
    expect(notPast('2026-11-22', now)).toBe(false);
    expect(notPast('2026-11-23T09:59:59.999Z', now)).toBe(false);
    expect(notPast('2026-11-23T10:00:00.000Z', now)).toBe(true);
  });
});
