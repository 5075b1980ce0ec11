import { describe, expect, it } from 'vitest';
import { inTimeZone } from './timeZoneTesting';
import { SKIPPED_TIME, skippedLocalTime, toInstant } from './toInstant';

describe('a local date and time as the form keeps it', () => {
  it('is the instant it names where the browser is', () =>
    inTimeZone('Pacific/Auckland', () => {
      expect(toInstant('2026-09-27T03:30')).toBe('2026-09-26T14:30:00.000Z');
      expect(toInstant('2026-12-07T09:15')).toBe('2026-12-06T20:15:00.000Z');
      expect(toInstant('')).toBeNull();
      expect(skippedLocalTime('2026-12-06T20:15:00.000Z')).toBeUndefined();
    }));

  // 02:30 on the night the clocks go forward was saved as 03:30 without a word (an outside probe).
  it('is marked and refused when the clocks skip it, never a bare local time the API would read as UTC', async () => {
    await inTimeZone('Pacific/Auckland', () => {
      expect(toInstant('2026-09-27T02:30')).toBe(`${SKIPPED_TIME}2026-09-27T02:30`);
      expect(skippedLocalTime('2026-09-27T02:30')).toBeUndefined();
      expect(skippedLocalTime(toInstant('2026-09-27T02:30'))).toBe(
        '02:30 on 2026-09-27 does not exist in your time zone: the clocks go forward that night. Choose another time.',
      );
    });
    await inTimeZone('America/Los_Angeles', () => {
      expect(skippedLocalTime(toInstant('2027-03-14T02:30'))).toMatch(/^02:30 on 2027-03-14 does not exist/);
      // The hour the clocks repeat exists (its first time is taken).
      expect(toInstant('2026-11-01T01:30')).toBe('2026-11-01T08:30:00.000Z');
    });
  });
});
