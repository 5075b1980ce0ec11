import { describe, expect, it } from 'vitest';
import { areaByName } from './areas';
import type { WebsiteView } from './website';
import { isVisible } from './website';

const now = new Date('2026-11-23T10:00:00.000Z');
const viewOf = (name: string): WebsiteView => {
  const view = areaByName(name)?.website;
  if (!view) throw new Error(`${name} has no website view`);
  return view;
};

describe('isVisible', () => {
  it('shows a job posting only when published, due, open and not past its closing date', () => {
    const careers = viewOf('careers');
    const open = { publication: 'published', published_at: null, status: 'open', closing_date: '2026-11-23' };
    expect(isVisible(careers, open, now)).toBe(true);
    expect(isVisible(careers, { ...open, publication: 'draft' }, now)).toBe(false);
    expect(isVisible(careers, { ...open, published_at: '2026-12-01' }, now)).toBe(false);
    expect(isVisible(careers, { ...open, status: 'closed' }, now)).toBe(false);
    expect(isVisible(careers, { ...open, closing_date: '2026-11-22' }, now)).toBe(false);
  });

  it('shows a banner only while live, and a feature only while switched on', () => {
    const banner = { active: true, starts_at: '2026-11-01', ends_at: '2026-11-30' };
    expect(isVisible(viewOf('banners'), banner, now)).toBe(true);
    expect(isVisible(viewOf('banners'), { ...banner, ends_at: '2026-11-22' }, now)).toBe(false);
    expect(isVisible(viewOf('banners'), { ...banner, active: false }, now)).toBe(false);
    expect(isVisible(viewOf('features'), { active: true }, now)).toBe(true);
    expect(isVisible(viewOf('features'), { active: false }, now)).toBe(false);
  });

  it('declares only fields its area has, and never an inbox', async () => {
    const { areas } = await import('./areas');
    for (const area of areas) {
      if (!area.website) continue;
      expect(area.kind, area.name).not.toBe('inbox');
      const shape = Object.keys(area.schema.shape);
      for (const field of [...area.website.fields, ...(area.website.listFields ?? [])]) expect(shape, `${area.name}.${field}`).toContain(field);
    }
  });
});
