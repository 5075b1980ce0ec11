import { describe, expect, it } from 'vitest';
import { areas } from '../schema/areas';
import { hero } from '../schema/areas/hero';
import { blogs } from '../schema/areas/blogs';
import { fieldLabel, fieldMax } from '../schema/define';
import { factLabel, factMax } from './areaFacts';

// Issue #10: the first screen reads labels and limits from the areas' facts, not from schemas built on the spot; the
// facts must say exactly what the declarations say.
describe('the areas facts', () => {
  it('gives the declared labels and limits of the Hero Section', () => {
    expect(factLabel('hero', 'headline')).toBe('Headline');
    expect(factLabel('hero', 'subheadline')).toBe('Sub-headline');
    expect(factLabel('hero', 'updated_at')).toBe('Last updated');
    expect(factMax('hero', 'headline')).toBe(120);
    expect(factMax('hero', 'subheadline')).toBe(300);
    expect(factMax('hero', 'cta_text')).toBe(40);
  });

  it('agrees with fieldLabel and fieldMax for every field of every area', () => {
    for (const area of areas) {
      for (const name of Object.keys(area.schema.shape)) {
        expect(factLabel(area.name, name), `${area.name}.${name}`).toBe(fieldLabel(area, name));
        let max: number | undefined;
        try {
          max = fieldMax(area, name);
        } catch {
          max = undefined;
        }
        if (max === undefined) expect(() => factMax(area.name, name)).toThrow(`${area.name}.${name} declares no maximum`);
        else expect(factMax(area.name, name)).toBe(max);
      }
    }
    expect(hero.name).toBe('hero');
    expect(factLabel(blogs.name, 'no_such_field')).toBeUndefined();
    expect(factLabel('no-such-area', 'title')).toBeUndefined();
  });
});
