import { z } from 'zod';
import { defineArea, fields } from '../define';
import { PUBLICATION_STATUSES } from '../publish';

// A post's status is its publication (schema/publish.ts).
export const BLOG_STATUSES = PUBLICATION_STATUSES;

export const blogs = defineArea({
  name: 'blogs',
  label: 'Blog Posts',
  itemLabel: 'post',
  recordLabel: 'title',
  icon: 'blog',
  group: 'content-management',
  kind: 'collection',
  schema: () =>
    z.object({
      title: fields.text('Title', 200),
      slug: fields.slug('URL slug'),
      excerpt: fields.optionalText('Excerpt', 300, { multiline: true }),
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
  // Published and due; lists leave out the bodies. `?tag=` and `?q=` narrow the list.
  website: {
    fields: ['title', 'slug', 'excerpt', 'content', 'cover_image', 'tags', 'published_at', 'author'],
    listFields: ['title', 'slug', 'excerpt', 'cover_image', 'tags', 'published_at', 'author'],
    publication: { status: 'status', at: 'published_at' },
    filters: { tag: 'tags' },
    search: true,
    perPage: 10,
    detail: 'slug',
  },
});

export type BlogPost = z.infer<typeof blogs.schema>;
