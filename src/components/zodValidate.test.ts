import { describe, expect, it } from 'vitest';
import { banners } from '../../schema/areas/banners';
import { careers } from '../../schema/areas/careers';
import { zodValidate } from './zodValidate';

describe('zodValidate', () => {
  it("says what a date in the browser's picker lacks, not how the API spells a date", async () => {
    const banner = await zodValidate(banners.schema)({ title: 'Sale', placement: 'sidebar', starts_at: '20271-08-15T09:30' });
    expect(banner).toEqual({ starts_at: 'Start must be a valid date (a four-digit year, and every part filled in)' });
    const posting = await zodValidate(careers.schema)({ title: 'Site Engineer', employment_type: 'full-time', status: 'open', closing_date: 'incomplete date' });
    expect(posting).toMatchObject({ closing_date: 'Closing date must be a valid date (a four-digit year, and every part filled in)' });
    // Other messages as the API words them.
    expect(await zodValidate(banners.schema)({ placement: 'sidebar' })).toEqual({ title: 'Title is required' });
  });
});
