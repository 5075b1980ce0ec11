import { describe, expect, it } from 'vitest';
import { inTimeZone } from '../../components/timeZoneTesting';
import { isPastClosing } from './jobDates';

describe('a closing date', () => {
  // At 16:55 UTC on 7 December it is already the 8th in Auckland and still the 7th in Los Angeles; the website takes
  // applications to a posting closing on the 7th until the end of that UTC day, and the console says the same.
  it('has passed when its UTC day has, wherever the browser is', async () => {
    const now = new Date('2026-12-07T16:55:00Z');
    for (const tz of ['Pacific/Auckland', 'America/Los_Angeles', 'UTC']) {
      await inTimeZone(tz, () => {
        expect([tz, isPastClosing('2026-12-07', now), isPastClosing('2026-12-06', now), isPastClosing('2026-12-08', now)]).toEqual([tz, false, true, false]);
      });
    }
    expect(isPastClosing(null, now)).toBe(false);
    expect(isPastClosing('', now)).toBe(false);
  });
});
