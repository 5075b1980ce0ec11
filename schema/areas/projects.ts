import { z } from 'zod';
import { defineArea, fields } from '../define';
import { PUBLICATION_STATUSES } from '../publish';

export const PROJECT_CATEGORIES = [
  'residential',
  'commercial',
  'industrial',
  'infrastructure',
  'renovation',
  'interior',
] as const;
export const PROJECT_STATUSES = ['planned', 'ongoing', 'completed'] as const;

export const projects = defineArea({
  name: 'projects',
  label: 'Project Portfolio',
  itemLabel: 'project',
  recordLabel: 'title',
  icon: 'projects',
  group: 'content-management',
  kind: 'collection',
  schema: () =>
    z.object({
      title: fields.text('Title', 200),
      slug: fields.slug('URL slug'),
      category: fields.choice('Category', PROJECT_CATEGORIES),
      location: fields.optionalText('Location', 200),
      client: fields.optionalText('Client', 200),
      year: fields.optionalInteger('Year', 1900, 2100),
      status: fields.choice('Status', PROJECT_STATUSES),
      area_sqm: fields.optionalNumber('Area (m²)', 0, 100_000_000),
      description: fields.html('Description'),
      cover_image: fields.upload(),
      gallery: fields.uploads('Gallery', 30),
      featured: fields.boolean(),
      // Projects shown before publishing existed stay shown (backfill); new ones start as drafts.
      publication: fields.choice('Publication', PUBLICATION_STATUSES, { backfill: 'published' }).default('draft'),
      published_at: fields.date('Publish date'),
    }),
  search: ['title', 'client', 'location'],
  sort: ['title', 'year', 'status', 'published_at'],
  filters: ['category', 'status', 'featured', 'publication'],
  defaultSort: ['created_at', 'DESC'],
  richText: ['description'],
  unique: ['slug'],
  slug: { field: 'slug', from: 'title' },
  website: {
    fields: ['title', 'slug', 'category', 'location', 'client', 'year', 'status', 'area_sqm', 'description', 'cover_image', 'gallery', 'featured', 'published_at'],
    listFields: ['title', 'slug', 'category', 'location', 'client', 'year', 'status', 'area_sqm', 'cover_image', 'featured', 'published_at'],
    publication: { status: 'publication', at: 'published_at' },
    filters: { category: 'category', featured: 'featured' },
    perPage: 12,
    detail: 'slug',
  },
});

export type Project = z.infer<typeof projects.schema>;
