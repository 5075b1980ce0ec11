import type { ResourceViews } from '../types';
import { BlogPostCreate } from './BlogPostCreate';
import { BlogPostEdit } from './BlogPostEdit';
import { BlogPostList } from './BlogPostList';

export const views: ResourceViews = {
  list: BlogPostList,
  create: BlogPostCreate,
  edit: BlogPostEdit,
  labels: {
    name: 'Blog post |||| Blog posts',
    fields: {
      slug: 'URL slug',
      cover_image: 'Cover image',
      published_at: 'Publish date',
      created_at: 'Created',
      updated_at: 'Last updated',
    },
  },
};
