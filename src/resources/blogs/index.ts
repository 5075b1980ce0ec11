import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./BlogPostList').then((module) => module.BlogPostList) },
  create: { load: () => import('./BlogPostCreate').then((module) => module.BlogPostCreate) },
  edit: { load: () => import('./BlogPostEdit').then((module) => module.BlogPostEdit) },
  labels: { name: 'Blog post |||| Blog posts' },
};
