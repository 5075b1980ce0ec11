import { describe, expect, it } from 'vitest';
import { BANNER_SCHEDULE } from './areas/banners';
import { nowFor, scheduleOf } from './schedule';

const now = new Date('2025-06-15T12:00:00.000Z');
const of = (data: Record<string, unknown>) => scheduleOf({ active: true, ...data }, BANNER_SCHEDULE, now);

describe('scheduleOf', () => {
  it.each([
    ['no dates', {}, 'live'],
    ['inactive', { active: false }, 'inactive'],
    ['inactive even while running', { active: false, starts_at: '2025-06-01', ends_at: '2025-07-01' }, 'inactive'],
    ['not switched on (missing)', { active: undefined }, 'inactive'],
    ['started, not ended', { starts_at: '2025-06-15T11:59:00.000Z', ends_at: '2025-06-15T12:01:00.000Z' }, 'live'],
    ['starting later today (time)', { starts_at: '2025-06-15T13:00:00.000Z' }, 'upcoming'],
    ['starting today (date)', { starts_at: '2025-06-15' }, 'live'],
    ['starting tomorrow (date)', { starts_at: '2025-06-16' }, 'upcoming'],
    ['ending today (date): the whole day', { ends_at: '2025-06-15' }, 'live'],
    ['ended yesterday (date)', { ends_at: '2025-06-14' }, 'expired'],
    ['ended a minute ago (time)', { ends_at: '2025-06-15T11:59:00.000Z' }, 'expired'],
    ['ended, even if it has not started', { starts_at: '2025-07-01', ends_at: '2025-06-01' }, 'expired'],
    ['empty strings are no dates', { starts_at: '', ends_at: '' }, 'live'],
  ])('%s → %s', (_label, data, schedule) => {
    expect(of(data)).toBe(schedule);
  });

  it('reads the fields it is given', () => {
    const fields = { active: 'on', start: 'from', end: 'until' };
    expect(scheduleOf({ on: true, from: '2025-06-16' }, fields, now)).toBe('upcoming');
    expect(scheduleOf({ on: true, until: '2025-06-14' }, fields, now)).toBe('expired');
  });
});

describe('nowFor', () => {
  it('cuts now to the precision of the stored value', () => {
    expect(nowFor('2025-01-01', now)).toBe('2025-06-15');
    expect(nowFor('2025-01-01T00:00:00.000Z', now)).toBe('2025-06-15T12:00:00.000Z');
  });
});
