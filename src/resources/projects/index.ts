import type { ResourceViews } from '../types';
import { ProjectCreate } from './ProjectCreate';
import { ProjectEdit } from './ProjectEdit';
import { ProjectList } from './ProjectList';

export const views: ResourceViews = {
  list: ProjectList,
  create: ProjectCreate,
  edit: ProjectEdit,
  labels: {
    name: 'Project |||| Projects',
    fields: {
      slug: 'URL slug',
      area_sqm: 'Area (m²)',
      cover_image: 'Cover image',
      featured: 'Featured',
      created_at: 'Created',
      updated_at: 'Last updated',
    },
  },
};
