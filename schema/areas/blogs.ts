import { z } from 'zod';
import { defineArea, fields } from '../define';

export const BLOG_STATUSES = ['draft', 'published'] as const;

export const blogs = defineArea({
  name: 'blogs',
  label: 'Blog Posts',
  recordLabel: 'title',
  icon: 'blog',
  group: 'content-management',
  kind: 'collection',
  schema: z.object({
    title: fields.text('Title', 200),
    slug: fields.slug('URL slug'),
    excerpt: fields.optionalText('Excerpt', 300),
    content: fields.html('Content'),
    cover_image: fields.upload(),
    tags: fields.tags('Tags'),
    status: fields.choice('Status', BLOG_STATUSES).default('draft'),
    published_at: fields.date('Publish date'),
    author: fields.optionalText('Author', 120),
  }),
  search: ['title', 'excerpt'],
  sort: ['title', 'published_at', 'status'],
  filters: ['status', 'tags'],
  defaultSort: ['published_at', 'DESC'],
  richText: ['content'],
  unique: ['slug'],
  slug: { field: 'slug', from: 'title' },
});

export type BlogPost = z.infer<typeof blogs.schema>;
