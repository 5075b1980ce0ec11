import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./ProjectList').then((module) => module.ProjectList) },
  create: { load: () => import('./ProjectCreate').then((module) => module.ProjectCreate) },
  edit: { load: () => import('./ProjectEdit').then((module) => module.ProjectEdit) },
  labels: { name: 'Project |||| Projects' },
};
