import type { ResourceViews } from '../types';
import { BannerCreate } from './BannerCreate';
import { BannerEdit } from './BannerEdit';
import { BannerList } from './BannerList';

export const views: ResourceViews = {
  list: BannerList,
  create: BannerCreate,
  edit: BannerEdit,
  labels: {
    name: 'Banner |||| Banners',
    fields: {
      link: 'Link',
      button_text: 'Button text',
      starts_at: 'Starts',
      ends_at: 'Ends',
      schedule: 'Schedule',
      active: 'Active',
      created_at: 'Created',
      updated_at: 'Last updated',
    },
  },
};
