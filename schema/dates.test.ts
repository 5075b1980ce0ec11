import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDate, storedDate } from './dates';

describe('normalizeDate', () => {
  // A date and time is stored as the instant it names, in UTC to the millisecond (Date.toISOString's form): without a
  // zone it is UTC; a website's `new Date(…)` would read '2026-11-23T09:30' as its own local time.
  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-23T09:30', '2026-11-23T09:30:00.000Z'],
    ['2026-11-23 09:30', '2026-11-23T09:30:00.000Z'],
    ['2026-11-23T09:30:15', '2026-11-23T09:30:15.000Z'],
    ['2026-11-23T09:30:15.250Z', '2026-11-23T09:30:15.250Z'],
    ['2026-11-23T09:30:15.25Z', '2026-11-23T09:30:15.250Z'],
    ['2026-11-23T09:30z', '2026-11-23T09:30:00.000Z'],
    ['2026-11-27t21:30:00z', '2026-11-27T21:30:00.000Z'],
    // Digits past the millisecond are dropped, not rounded into the next millisecond.
    ['2026-11-27T21:30:00.123999', '2026-11-27T21:30:00.123Z'],
    // An offset becomes UTC, so dates compare as text.
    ['2026-11-23T09:00:00-05:00', '2026-11-23T14:00:00.000Z'],
    ['2026-11-23T01:00+02:00', '2026-11-22T23:00:00.000Z'],
    ['2024-02-29', '2024-02-29'],
    [' 2026-11-23 ', '2026-11-23'],
    // The offsets clocks use, from UTC−12:00 to UTC+14:00 (Kiribati), and the first instant of the year 1.
    ['2026-11-23T14:00+14:00', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23T00:00-12:00', '2026-11-23T12:00:00.000Z'],
    // Offsets with minutes within them (Nepal, Chatham in summer, Marquesas).
    ['2026-11-23T12:00+05:45', '2026-11-23T06:15:00.000Z'],
    ['2026-11-23T12:00+13:45', '2026-11-22T22:15:00.000Z'],
    ['2026-11-23T12:00-09:30', '2026-11-23T21:30:00.000Z'],
    ['2026-11-23T12:00-00:30', '2026-11-23T12:30:00.000Z'],
    ['0001-01-01T01:00+01:00', '0001-01-01T00:00:00.000Z'],
  ])('%s → %s', (input, stored) => {
    expect(normalizeDate(input)).toBe(stored);
  });

  it('keeps the instant: the stored form is the UTC the text names', () => {
    for (const input of ['2026-11-27T21:30:00', '2026-11-27 21:30', '2026-11-27T23:30+02:00']) {
      expect(Date.parse(normalizeDate(input)!)).toBe(Date.UTC(2026, 10, 27, 21, 30));
    }
  });

  it.each(['1 January 2099', 'June 15, 2026', '2024-02-30', '2023-02-29', '2026-13-01', '99999-12-31', '0', '', '2026-11-23T24:00', '2026-11-23T09:60', '2026-11-23Z', '2026-11-23T09', 'now', '9999-12-31T23:00-05:00',
    // Before the year 1 once in UTC (stored 0000-12-31T23:00:00.000Z, which no save would take back), and offsets no
    // clock uses (an outside probe, 2026-11-29).
    '0001-01-01T00:00:00+01:00', '2026-11-23T09:00+15:00', '2026-11-23T09:00+23:59', '2026-11-23T09:00+14:60', '2026-11-23T09:00-13:00',
    // Past the clocks' offsets by their minutes (an outside probe, 2026-12-06: +14:59 was stored as 06:31 UTC).
    '2026-11-27T21:30+14:59', '2026-11-27T21:30+14:30', '2026-11-27T21:30+14:01', '2026-11-27T21:30-12:30', '2026-11-27T21:30-12:01'])(
    'refuses %j',
    (input) => {
      expect(normalizeDate(input)).toBeNull();
    },
  );
});

describe('storedDate', () => {
  it('answers a value stored in an earlier form in the stored form, with the same instant', () => {
    expect(storedDate('2026-11-27T21:30')).toBe('2026-11-27T21:30:00.000Z');
    expect(storedDate('2026-11-27T21:30:15Z')).toBe('2026-11-27T21:30:15.000Z');
    expect(storedDate('2026-11-27T21:30:00.000Z')).toBe('2026-11-27T21:30:00.000Z');
  });

  it('keeps a calendar date a calendar date, and what is no date as stored', () => {
    expect(storedDate('2026-11-27')).toBe('2026-11-27');
    expect(storedDate(null)).toBeNull();
    expect(storedDate('soon')).toBe('soon');
  });

  it('answers a value of the stored shape as it is, as reading it as a date would', () => {
    const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const shaped = fc.oneof(
      fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc.tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), digits(3)).map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`),
      fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }).map((date) => date.toISOString()),
    );
    fc.assert(
      fc.property(shaped, (value) => {
        expect(storedDate(value)).toBe(value);
        expect(normalizeDate(value) ?? value).toBe(value);
      }),
      { numRuns: 2000 },
    );
    expect(storedDate('2026-02-30T10:00:00.000Z')).toBe('2026-02-30T10:00:00.000Z');
    expect(storedDate(' 2026-11-27')).toBe('2026-11-27');
  });
});
