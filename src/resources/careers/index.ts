import type { ResourceViews } from '../types';
import { JobPostingCreate } from './JobPostingCreate';
import { JobPostingEdit } from './JobPostingEdit';
import { JobPostingList } from './JobPostingList';

export const views: ResourceViews = {
  list: JobPostingList,
  create: JobPostingCreate,
  edit: JobPostingEdit,
  labels: { name: 'Job posting |||| Job postings' },
};
