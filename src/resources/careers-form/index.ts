import type { ResourceViews } from '../types';
import { JobApplicationList } from './JobApplicationList';
import { JobApplicationShow } from './JobApplicationShow';

// An inbox: submissions arrive from the website, so there is no create or edit, only triage (issue #3).
export const views: ResourceViews = {
  list: JobApplicationList,
  show: JobApplicationShow,
  labels: { name: 'Job application |||| Job applications' },
};
