import type { ResourceViews } from '../types';

// An inbox: submissions arrive from the website, so there is no create or edit, only triage (issue #3).
export const views: ResourceViews = {
  list: { load: () => import('./JobApplicationList').then((module) => module.JobApplicationList) },
  show: { load: () => import('./JobApplicationShow').then((module) => module.JobApplicationShow) },
  labels: { name: 'Job application |||| Job applications' },
};
