import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./JobPostingList').then((module) => module.JobPostingList) },
  create: { load: () => import('./JobPostingCreate').then((module) => module.JobPostingCreate) },
  edit: { load: () => import('./JobPostingEdit').then((module) => module.JobPostingEdit) },
  labels: { name: 'Job posting |||| Job postings' },
};
