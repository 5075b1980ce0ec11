import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relativeTime';

// Noon UTC, so the calendar day is the same in every time zone the tests may run in.
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('formatRelativeTime (SPEC §8)', () => {
  it('says "Just now" under a minute', () => {
    expect(formatRelativeTime(NOW, NOW)).toBe('Just now');
    expect(formatRelativeTime(NOW - 59 * SECOND, NOW)).toBe('Just now');
    expect(formatRelativeTime(NOW - (MINUTE - 1), NOW)).toBe('Just now');
  });

  it('counts whole minutes from one minute to under an hour', () => {
    expect(formatRelativeTime(NOW - MINUTE, NOW)).toBe('1m ago');
    expect(formatRelativeTime(NOW - 5 * MINUTE - 30 * SECOND, NOW)).toBe('5m ago');
    expect(formatRelativeTime(NOW - 59 * MINUTE, NOW)).toBe('59m ago');
    expect(formatRelativeTime(NOW - (HOUR - 1), NOW)).toBe('59m ago');
  });

  it('counts whole hours from one hour to under a day', () => {
    expect(formatRelativeTime(NOW - HOUR, NOW)).toBe('1h ago');
    expect(formatRelativeTime(NOW - 23 * HOUR, NOW)).toBe('23h ago');
    expect(formatRelativeTime(NOW - (24 * HOUR - 1), NOW)).toBe('23h ago');
  });

  it('shows the date from a day on', () => {
    expect(formatRelativeTime(NOW - 24 * HOUR, NOW)).toBe('Jan 14, 2024');
    expect(formatRelativeTime(Date.UTC(2023, 11, 25, 12), NOW)).toBe('Dec 25, 2023');
  });

  it('accepts a Date', () => {
    expect(formatRelativeTime(new Date(NOW - 2 * HOUR), NOW)).toBe('2h ago');
  });

  it('treats a future timestamp as "Just now"', () => {
    expect(formatRelativeTime(NOW + 5 * MINUTE, NOW)).toBe('Just now');
    expect(formatRelativeTime(NOW + 3 * 24 * HOUR, NOW)).toBe('Just now');
  });

  it('defaults "now" to the current time', () => {
    expect(formatRelativeTime(Date.now() - 10 * MINUTE)).toBe('10m ago');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime(new Date('not a date'), NOW)).toBe('');
    expect(formatRelativeTime(Number.NaN, NOW)).toBe('');
  });
});
