import type { ResourceViews } from '../types';
import { BlogPostCreate } from './BlogPostCreate';
import { BlogPostEdit } from './BlogPostEdit';
import { BlogPostList } from './BlogPostList';

export const views: ResourceViews = {
  list: BlogPostList,
  create: BlogPostCreate,
  edit: BlogPostEdit,
  labels: { name: 'Blog post |||| Blog posts' },
};
