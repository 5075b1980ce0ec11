import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./SeoList').then((module) => module.SeoList) },
  create: { load: () => import('./SeoCreate').then((module) => module.SeoCreate) },
  edit: { load: () => import('./SeoEdit').then((module) => module.SeoEdit) },
  labels: { name: 'SEO entry |||| SEO entries' },
};
