import type { ResourceViews } from '../types';
import { SeoCreate } from './SeoCreate';
import { SeoEdit } from './SeoEdit';
import { SeoList } from './SeoList';

export const views: ResourceViews = {
  list: SeoList,
  create: SeoCreate,
  edit: SeoEdit,
  labels: {
    name: 'SEO entry |||| SEO entries',
    fields: {
      path: 'Path',
      meta_title: 'Meta title',
      meta_description: 'Meta description',
      share_image: 'Share image',
      canonical_url: 'Canonical URL',
      noindex: 'Hide from search engines (noindex)',
    },
  },
};
