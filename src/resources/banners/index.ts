import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./BannerList').then((module) => module.BannerList) },
  create: { load: () => import('./BannerCreate').then((module) => module.BannerCreate) },
  edit: { load: () => import('./BannerEdit').then((module) => module.BannerEdit) },
  labels: { name: 'Banner |||| Banners' },
};
