import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { banners } from './areas/banners';
import { blogs } from './areas/blogs';
import { careersForm } from './areas/careers-form';
import { contactUs } from './areas/contact-us';
import { areas } from './areas/index';
import { projectForm } from './areas/project-form';
import { testimonials } from './areas/testimonials';
import { usersManagement } from './areas/users-management';
import { defaultSortOf, defineArea, fieldDefault, fieldLabel, fieldMax, fields, humanizeName } from './define';
import { areaFieldLabels, choicesOf, choiceValues, itemShape } from './labels';

describe('areaFieldLabels', () => {
  it("gives every declared field of every area the declaration's label", () => {
    for (const area of areas) {
      const labels = areaFieldLabels(area);
      for (const name of Object.keys(area.schema.shape)) expect(labels[name]).toBe(fieldLabel(area, name));
    }
  });

  it('words a field once for forms and messages: the label is the one the validation messages use', () => {
    expect(areaFieldLabels(contactUs).x).toBe('X (Twitter)');
    expect(contactUs.schema.safeParse({ x: 'twitter' }).error?.issues.find((issue) => issue.path[0] === 'x')?.message).toBe(
      'X (Twitter) must be a web address (https://…) or a path starting with /',
    );
    expect(areaFieldLabels(blogs).slug).toBe('URL slug');
    expect(areaFieldLabels(careersForm)).toMatchObject({ career_id: 'Job posting', message: 'Cover letter', cv: 'CV' });
    expect(areaFieldLabels(testimonials).active).toBe('Shown on the website');
  });

  it("labels the fields of a list's items under '<list>.<field>', as react-admin looks them up", () => {
    expect(areaFieldLabels(contactUs)).toMatchObject({
      addresses: 'Addresses',
      'addresses.label': 'Label',
      'addresses.address': 'Address',
      'phones.number': 'Phone number',
      'opening_hours.days': 'Days',
    });
  });

  it('labels the fields no declaration holds from one shared place, an inbox receiving rather than creating', () => {
    expect(areaFieldLabels(blogs)).toMatchObject({ created_at: 'Created', updated_at: 'Last updated' });
    expect(areaFieldLabels(usersManagement)).toMatchObject({ created_at: 'Created', updated_at: 'Last updated' });
    expect(areaFieldLabels(careersForm)).toMatchObject({ created_at: 'Received', status: 'Status', notes: 'Notes', read: 'Read state' });
    expect(areaFieldLabels(banners).schedule).toBe('Schedule');
    expect(areaFieldLabels(blogs).status).toBe('Status');
  });

  it('makes a name readable where no label is declared', () => {
    expect(areaFieldLabels(blogs).cover_image).toBe('Cover image');
    expect(humanizeName('in_progress')).toBe('In progress');
    expect(humanizeName('full-time')).toBe('Full time');
  });
});

describe('itemShape', () => {
  it("finds a list's item fields through its default, and nothing for other fields", () => {
    expect(Object.keys(itemShape(contactUs.schema.shape.phones) ?? {})).toEqual(['label', 'number']);
    expect(itemShape(contactUs.schema.shape.map_link)).toBeUndefined();
    expect(itemShape(blogs.schema.shape.tags)).toBeUndefined();
  });
});

describe('choices', () => {
  it('reads the values of a choice, a defaulted choice and an optional choice from the declaration', () => {
    expect(choiceValues(banners, 'placement')).toEqual(['homepage_top', 'homepage_middle', 'sidebar', 'popup']);
    expect(choiceValues(blogs, 'status')).toEqual(['draft', 'published']);
    expect(choiceValues(projectForm, 'budget')).toEqual(['under_100k', '100k_500k', '500k_1m', '1m_5m', 'over_5m', 'not_sure']);
    expect(() => choiceValues(blogs, 'title')).toThrow('blogs.title is not a choice');
  });

  it('names each choice by the given wording, else readably', () => {
    expect(choicesOf(blogs, 'status')).toEqual([
      { id: 'draft', name: 'Draft' },
      { id: 'published', name: 'Published' },
    ]);
    expect(choicesOf(projectForm, 'project_type', { other: 'Something else' }).at(-1)).toEqual({ id: 'other', name: 'Something else' });
  });
});

describe('limits, defaults and sorts read from a declaration', () => {
  it("gives a field's declared maximum, and refuses a field that declares none", () => {
    expect(fieldMax(blogs, 'excerpt')).toBe(300);
    expect(fieldMax(blogs, 'tags')).toBe(30);
    expect(() => fieldMax(blogs, 'published_at')).toThrow('blogs.published_at declares no maximum');
  });

  it("gives a field's declared default", () => {
    expect(fieldDefault(blogs, 'status')).toBe('draft');
    expect(fieldDefault(testimonials, 'rating')).toBe(5);
    expect(fieldDefault(testimonials, 'active')).toBe(true);
    expect(() => fieldDefault(blogs, 'title')).toThrow('blogs.title declares no default');
  });

  it('opens a list in the declared order, else by position or newest first', () => {
    expect(defaultSortOf(blogs)).toEqual(['published_at', 'DESC']);
    expect(defaultSortOf(usersManagement)).toEqual(['name', 'ASC']);
    const base = { name: 'x', label: 'X', icon: 'hero', group: 'homepage', kind: 'collection', schema: z.object({ title: fields.text('Title') }) } as const;
    expect(defaultSortOf(defineArea({ ...base, ordered: true }))).toEqual(['position', 'ASC']);
    expect(defaultSortOf(defineArea(base))).toEqual(['created_at', 'DESC']);
  });
});
