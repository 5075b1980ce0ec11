import type { ResourceViews } from '../types';
import { BannerCreate } from './BannerCreate';
import { BannerEdit } from './BannerEdit';
import { BannerList } from './BannerList';

export const views: ResourceViews = {
  list: BannerList,
  create: BannerCreate,
  edit: BannerEdit,
  labels: { name: 'Banner |||| Banners' },
};
