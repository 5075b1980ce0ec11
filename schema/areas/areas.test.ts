import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authMessages } from '../auth';
import { VERSION_FIELD } from '../conflicts';
import { type AreaDeclaration, ICON_NAMES, SYSTEM_FIELDS, fields } from '../define';
import { areaByName, areas } from './index';
import { sampleReferences, samples } from './samples';
import { userCreateSchema, userUpdateSchema } from '../user-forms';

// SPEC §2 side menu, in order: route segment, menu title; groups as issue #3 places them.
const MENU = [
  ['hero', 'Hero Section', 'homepage'],
  ['features', 'Features Section', 'homepage'],
  ['testimonials', 'Testimonials', 'homepage'],
  ['partners', 'Partners Section', 'homepage'],
  ['about-us', 'About Us Section', 'website-management'],
  ['users-management', 'Users Management', 'website-management'],
  ['blogs', 'Blog Posts', 'content-management'],
  ['projects', 'Project Portfolio', 'content-management'],
  ['banners', 'Banners & Promotions', 'content-management'],
  ['careers', 'Job Postings', 'content-management'],
  ['contact-us', 'Contact Information', 'communications'],
  ['careers-form', 'Job Applications', 'forms'],
  ['project-form', 'Project Form', 'forms'],
  ['contact-us-form', 'Contact Form', 'forms'],
  ['about-page', 'About Page (Full)', 'company-pages'],
  ['privacy-policy', 'Privacy Policy', 'company-pages'],
  ['seo', 'SEO Management', 'website-tools'],
  ['counters', 'Counter Widgets', 'website-tools'],
] as const;

const area = (name: string): AreaDeclaration => {
  const found = areaByName(name);
  if (!found) throw new Error(`no area ${name}`);
  return found;
};

const sampleOf = (name: string): Record<string, unknown> => {
  const first = samples[name]?.[0];
  if (!first) throw new Error(`no sample for ${name}`);
  return first;
};

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
};

describe('the area registry', () => {
  it('lists every menu area of SPEC §2, in menu order, with its label and group', () => {
    expect(areas.map((a) => [a.name, a.label, a.group])).toEqual(MENU.map((entry) => [...entry]));
  });

  it('gives each area its own icon among those the console draws', () => {
    const icons = areas.map((a) => a.icon);
    expect(new Set(icons).size).toBe(areas.length);
    for (const icon of icons) expect(ICON_NAMES).toContain(icon);
  });

  it('builds each schema the first time it is read, once (issue #10: a start builds only what it shows)', () => {
    for (const area of areas) {
      expect(typeof Object.getOwnPropertyDescriptor(area, 'schema')?.get, area.name).toBe('function');
      expect(area.schema, area.name).toBe(area.schema);
      expect({ ...area }.schema, area.name).toBe(area.schema);
    }
  });

  it('registers every declaration file, and names each file after its area', () => {
    const modules = import.meta.glob<Record<string, unknown>>(
      ['./*.ts', '!./*.test.ts', '!./index.ts', '!./samples.ts'],
      { eager: true },
    );
    const files = Object.keys(modules).map((path) => path.slice(2, -3));
    expect(files.sort()).toEqual(areas.map((a) => a.name).sort());
    for (const [path, module] of Object.entries(modules)) {
      const declared = Object.values(module).filter((value) => areas.includes(value as AreaDeclaration));
      expect(declared, path).toHaveLength(1);
      expect((declared[0] as AreaDeclaration).name).toBe(path.slice(2, -3));
    }
  });
});

describe.each(areas.map((a) => [a.name, a] as const))('%s', (_name, a) => {
  const keys = Object.keys(a.schema.shape);

  it('refers only to fields of its schema', () => {
    const referenced = [
      ...(a.search ?? []),
      ...(a.sort ?? []),
      ...(a.filters ?? []),
      ...(a.unique ?? []),
      ...(a.richText ?? []),
      ...(a.slug ? [a.slug.field, a.slug.from] : []),
      ...(a.recordLabel ? [a.recordLabel] : []),
    ];
    for (const key of referenced) expect(keys, key).toContain(key);
    if (a.defaultSort) {
      const allowed = [...keys, ...SYSTEM_FIELDS, ...(a.ordered ? ['position'] : [])];
      expect(allowed).toContain(a.defaultSort[0]);
    }
  });

  it('uses snake_case field names and leaves the columns the server owns to the server', () => {
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const owned = [...SYSTEM_FIELDS, 'position', VERSION_FIELD, ...(a.kind === 'inbox' ? ['status', 'notes', 'read'] : [])];
    for (const key of owned) expect(keys).not.toContain(key);
  });

  it('follows the rules of its kind', () => {
    if (a.kind === 'singleton') {
      for (const key of ['search', 'sort', 'filters', 'defaultSort', 'ordered'] as const) expect(a[key], key).toBeUndefined();
    }
    if (a.ordered) {
      expect(a.kind).toBe('collection');
      expect(a.defaultSort).toEqual(['position', 'ASC']);
      expect(a.filters).toContain('active');
    }
    if (a.kind === 'inbox') expect(a.defaultSort).toEqual(['created_at', 'DESC']);
  });

  // Administrators are never seeded (a password nobody chose would be a way in): that rule is tested below.
  if (a.name !== 'users-management') {
    it('has sample records that its schema accepts', () => {
      const records = samples[a.name] ?? [];
      const expected = a.kind === 'singleton' ? [1, 1] : a.kind === 'inbox' ? [3, 3] : [2, 4];
      expect(records.length).toBeGreaterThanOrEqual(expected[0]!);
      expect(records.length).toBeLessThanOrEqual(expected[1]!);
      for (const record of records) expect(issuesOf(a.schema, record)).toEqual([]);
    });
  }
});

describe('samples', () => {
  it('exist only for registered areas, and never for administrators', () => {
    for (const name of Object.keys(samples)) expect(areaByName(name), name).toBeDefined();
    expect(samples['users-management']).toBeUndefined();
  });

  it('keep uploads empty, since a fresh database has no files', () => {
    const uploadFields = ['background_image', 'photo', 'logo', 'image', 'cover_image', 'share_image', 'cv'];
    for (const [name, records] of Object.entries(samples)) {
      for (const record of records) {
        for (const field of uploadFields) if (field in record) expect(record[field], `${name}.${field}`).toBeNull();
        for (const field of ['gallery', 'team_images']) if (field in record) expect(record[field]).toEqual([]);
      }
    }
  });

  it('keep unique values unique', () => {
    for (const a of areas) {
      for (const field of a.unique ?? []) {
        const values = (samples[a.name] ?? []).map((r) => r[field]).filter((v) => v != null);
        expect(new Set(values).size, `${a.name}.${field}`).toBe(values.length);
      }
    }
  });

  it('reference records that exist', () => {
    for (const ref of sampleReferences) {
      expect(samples[ref.area]?.[ref.index]).toBeDefined();
      expect(samples[ref.target.area]?.some((r) => r[ref.target.field] === ref.target.value)).toBe(true);
    }
  });
});

// One invalid record per area: what breaks it, where the console shows it, and what it says.
const INVALID: Record<string, { change: Record<string, unknown>; path: (string | number)[]; message: string }> = {
  hero: { change: { headline: '   ' }, path: ['headline'], message: 'Headline is required' },
  features: { change: { title: 'x'.repeat(101) }, path: ['title'], message: 'Title must be at most 100 characters' },
  testimonials: { change: { rating: 6 }, path: ['rating'], message: 'Rating must be at most 5' },
  partners: {
    change: { website: 'javascript:alert(1)' },
    path: ['website'],
    message: 'Website must be a web address (https://…) or a path starting with /',
  },
  'about-us': {
    change: { highlights: ['Quality', ''] },
    path: ['highlights', 1],
    message: 'Highlights: items cannot be empty',
  },
  'users-management': {
    change: { email: 'not-an-email' },
    path: ['email'],
    message: 'Email must be a valid email address',
  },
  blogs: { change: { title: undefined }, path: ['title'], message: 'Title is required' },
  projects: { change: { year: 1850 }, path: ['year'], message: 'Year must be at least 1900' },
  banners: {
    change: { starts_at: '2027-02-01T10:00', ends_at: '2027-01-31T10:00' },
    path: ['ends_at'],
    message: 'End must be after start',
  },
  careers: {
    change: { employment_type: 'freelance' },
    path: ['employment_type'],
    message: 'Employment type must be one of: full_time, part_time, contract, internship, temporary',
  },
  'contact-us': {
    change: { emails: [{ label: 'Sales', email: 'sales-at-example' }] },
    path: ['emails', 0, 'email'],
    message: 'Email must be a valid email address',
  },
  'careers-form': { change: { full_name: '' }, path: ['full_name'], message: 'Full name is required' },
  'project-form': {
    change: { budget: 'a lot' },
    path: ['budget'],
    message: 'Budget must be one of: under_100k, 100k_500k, 500k_1m, 1m_5m, over_5m, not_sure',
  },
  'contact-us-form': { change: { message: undefined }, path: ['message'], message: 'Message is required' },
  'about-page': {
    change: { team_images: Array.from({ length: 31 }, (_, i) => ({ src: `/api/uploads/${i}` })) },
    path: ['team_images'],
    message: 'Team images: at most 30 files',
  },
  'privacy-policy': {
    change: { effective_date: 'soon' },
    path: ['effective_date'],
    message: 'Effective date must be a valid date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM in UTC or with an offset like +02:00)',
  },
  seo: {
    change: { meta_title: 'x'.repeat(61) },
    path: ['meta_title'],
    message: 'Meta title must be at most 60 characters',
  },
  counters: { change: { value: -1 }, path: ['value'], message: 'Value must be at least 0' },
};

const VALID_USER = { name: 'Nadia Karim', email: 'Nadia.Karim@Example.com', active: true };

describe('validation messages', () => {
  it('cover every area', () => {
    expect(Object.keys(INVALID).sort()).toEqual(areas.map((a) => a.name).sort());
  });

  it.each(Object.entries(INVALID))('%s: an invalid record is refused on the right field', (name, invalid) => {
    const base = name === 'users-management' ? VALID_USER : sampleOf(name);
    const { change, path, message } = invalid;
    expect(issuesOf(area(name).schema, { ...base, ...change })).toContainEqual({ path, message });
  });

  it('seo: a description over 160 characters and a path without a leading slash are refused', () => {
    const entry = { ...sampleOf('seo'), path: 'about', meta_description: 'x'.repeat(161) };
    const issues = issuesOf(area('seo').schema, entry);
    expect(issues).toEqual([
      { path: ['path'], message: 'Path must start with / and contain no spaces' },
      { path: ['meta_description'], message: 'Meta description must be at most 160 characters' },
    ]);
  });

  it('banners: open-ended display is allowed, and so is an end after the start', () => {
    const banner = { ...sampleOf('banners') };
    expect(issuesOf(area('banners').schema, { ...banner, starts_at: null, ends_at: '2027-01-01' })).toEqual([]);
    expect(issuesOf(area('banners').schema, { ...banner, starts_at: '2027-01-01', ends_at: null })).toEqual([]);
    expect(issuesOf(area('banners').schema, { ...banner, starts_at: '2027-01-01', ends_at: '2027-01-02' })).toEqual([]);
  });

  it('blogs, projects, careers: a slug is optional but must be URL-safe', () => {
    const parsed = area('blogs').schema.parse({ ...sampleOf('blogs'), slug: '' });
    expect(parsed.slug).toBeNull();
    expect(issuesOf(area('projects').schema, { ...sampleOf('projects'), slug: 'Riverside Offices' })).toEqual([
      { path: ['slug'], message: 'URL slug may contain only lowercase letters, numbers and single hyphens' },
    ]);
  });

  it('projects: year and area may be left empty, and form text is read as a number', () => {
    const parsed = area('projects').schema.parse({ ...sampleOf('projects'), year: '', area_sqm: '1250.5' });
    expect(parsed).toMatchObject({ year: null, area_sqm: 1250.5 });
    expect(issuesOf(area('projects').schema, { ...sampleOf('projects'), year: '2020.5' })).toEqual([
      { path: ['year'], message: 'Year must be a whole number' },
    ]);
  });

  it('blogs: a status outside draft/published is refused, and a new post is a draft', () => {
    const { status: _status, ...post } = sampleOf('blogs');
    expect(area('blogs').schema.parse(post).status).toBe('draft');
    expect(issuesOf(area('blogs').schema, { ...post, status: 'archived' })).toEqual([
      { path: ['status'], message: 'Status must be one of: draft, published' },
    ]);
  });
});

describe('administrators', () => {
  it('need a password of at least 8 characters when created (SPEC §5)', () => {
    const own = { current_password: 'my own password' };
    expect(issuesOf(userCreateSchema, { ...VALID_USER, ...own, password: 'short12' })).toEqual([
      { path: ['password'], message: authMessages.passwordTooShort },
    ]);
    expect(issuesOf(userCreateSchema, { ...VALID_USER, ...own })).toEqual([{ path: ['password'], message: 'Password is required' }]);
    expect(userCreateSchema.parse({ ...VALID_USER, ...own, password: 'long enough' }).email).toBe('nadia.karim@example.com');
    // Adding a user needs your own password (needsOwnPassword).
    for (const missing of [{}, { current_password: '' }, { current_password: null }]) {
      expect(issuesOf(userCreateSchema, { ...VALID_USER, password: 'long enough', ...missing })).toEqual([
        { path: ['current_password'], message: 'Enter your own password to confirm this change' },
      ]);
    }
  });

  it('keep their password when an edit leaves it empty, and get a new one of at least 8 characters', () => {
    expect(userUpdateSchema.parse({ ...VALID_USER, password: '' }).password).toBeUndefined();
    expect(userUpdateSchema.parse({ ...VALID_USER, password: null }).password).toBeUndefined();
    expect(userUpdateSchema.parse({ password: 'new password' }).password).toBe('new password');
    expect(issuesOf(userUpdateSchema, { password: 'short12' })).toEqual([
      { path: ['password'], message: authMessages.passwordTooShort },
    ]);
  });

  it('are not re-activated by an edit that leaves `active` out', () => {
    expect(userUpdateSchema.parse({ name: 'Nadia' })).toEqual({ name: 'Nadia' });
  });
});

describe('builders added for the areas', () => {
  it('list: trims items and caps their number', () => {
    expect(fields.list('Values', 2).parse([' Safety '])).toEqual(['Safety']);
    expect(fields.list('Values').parse(undefined)).toEqual([]);
    expect(issuesOf(fields.list('Values', 2), ['a', 'b', 'c'])).toEqual([
      { path: [], message: 'Values: at most 2 items' },
    ]);
  });

  it('lists of every kind: null is an empty list, as a missing value is', () => {
    expect(fields.list('Values').parse(null)).toEqual([]);
    expect(fields.uploads('Gallery').parse(null)).toEqual([]);
    expect(fields.objects('Phones', { number: fields.text('Number', 20) }).parse(null)).toEqual([]);
    expect(fields.tags('Tags').parse(null)).toEqual([]);
    expect(issuesOf(fields.tags('Tags'), 'news')).toEqual([{ path: [], message: 'Tags must be a list' }]);
  });

  it('tags: trimmed, and one of a tag given twice in any case, the first spelling in its place', () => {
    expect(fields.tags('Tags').parse([' News', 'steel', 'news ', 'NEWS', 'Steel', 'stone'])).toEqual(['News', 'steel', 'stone']);
    expect(issuesOf(fields.tags('Tags'), ['news', ' '])[0]).toEqual({ path: [1], message: 'Tags: items cannot be empty' });
  });

  it('uploads: a list of files, never a null entry', () => {
    expect(fields.uploads('Gallery').parse(undefined)).toEqual([]);
    expect(issuesOf(fields.uploads('Gallery'), [null])).toHaveLength(1);
  });

  it('optionalChoice: an empty select means none', () => {
    const budget = fields.optionalChoice('Budget', ['low', 'high'] as const);
    const parsed = ['', undefined, null, 'low'].map((value) => budget.parse(value));
    expect(parsed).toEqual([null, null, null, 'low']);
  });
});
