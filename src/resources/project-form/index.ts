import type { ResourceViews } from '../types';

// An inbox: enquiries arrive from the website, so there is no create or edit, only triage (issue #3).
export const views: ResourceViews = {
  list: { load: () => import('./ProjectEnquiryList').then((module) => module.ProjectEnquiryList) },
  show: { load: () => import('./ProjectEnquiryShow').then((module) => module.ProjectEnquiryShow) },
  labels: { name: 'Project enquiry |||| Project enquiries' },
};
