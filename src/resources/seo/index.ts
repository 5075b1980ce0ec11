import type { ResourceViews } from '../types';
import { SeoCreate } from './SeoCreate';
import { SeoEdit } from './SeoEdit';
import { SeoList } from './SeoList';

export const views: ResourceViews = {
  list: SeoList,
  create: SeoCreate,
  edit: SeoEdit,
  labels: { name: 'SEO entry |||| SEO entries' },
};
