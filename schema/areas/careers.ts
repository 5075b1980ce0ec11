import { z } from 'zod';
import { defineArea, fields } from '../define';
import { PUBLICATION_STATUSES } from '../publish';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'temporary'] as const;
export const CAREER_STATUSES = ['open', 'closed'] as const;

// Job postings; applications to them arrive in careers-form (career_id).
export const careers = defineArea({
  name: 'careers',
  label: 'Job Postings',
  itemLabel: 'job posting',
  recordLabel: 'title',
  icon: 'jobs',
  group: 'content-management',
  kind: 'collection',
  schema: () =>
    z.object({
      title: fields.text('Title', 150),
      slug: fields.slug('URL slug'),
      department: fields.text('Department', 100),
      location: fields.text('Location', 150),
      employment_type: fields.choice('Employment type', EMPLOYMENT_TYPES).default('full_time'),
      description: fields.html('Description'),
      requirements: fields.html('Requirements'),
      closing_date: fields.date('Closing date'),
      status: fields.choice('Status', CAREER_STATUSES).default('open'),
      // Postings listed before publishing existed stay listed (backfill); new ones start as drafts.
      publication: fields.choice('Publication', PUBLICATION_STATUSES, { backfill: 'published' }).default('draft'),
      published_at: fields.date('Publish date'),
    }),
  search: ['title', 'department', 'location'],
  sort: ['title', 'closing_date', 'status'],
  filters: ['status', 'employment_type', 'department', 'publication'],
  defaultSort: ['created_at', 'DESC'],
  richText: ['description', 'requirements'],
  unique: ['slug'],
  slug: { field: 'slug', from: 'title' },
  // Open postings only: published, due, status open and not past their closing date.
  website: {
    fields: ['title', 'slug', 'department', 'location', 'employment_type', 'description', 'requirements', 'closing_date', 'published_at'],
    listFields: ['title', 'slug', 'department', 'location', 'employment_type', 'closing_date', 'published_at'],
    publication: { status: 'publication', at: 'published_at' },
    equals: { status: 'open' },
    until: 'closing_date',
    detail: 'id',
  },
});

export type JobPosting = z.infer<typeof careers.schema>;
